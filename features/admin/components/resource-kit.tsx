'use client';
/**
 * Pieces every console resource screen repeats (issue #32), written once: a list with the search
 * box and no client-side export, the create and edit pages of one form, and an action of a record
 * that notifies the operator (the API's Russian message on failure) and reloads the page's data,
 * optionally behind a confirmation.
 */
import { Button, type ButtonProps } from '@mui/material';
import { useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import {
  Confirm,
  Create,
  Edit,
  List,
  SearchInput,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin';

/**
 * `options` of every date field: the shop's time, Moscow, whatever the operator's computer says
 * (the order page, the CSV and the list's date filters count in Moscow dates too).
 */
export const MOSCOW_TIME = { timeZone: 'Europe/Moscow' } as const;

/**
 * A console list: `sort` first, the search box (`q`, the API's search over the resource's text
 * fields) plus any `filters`, and no CSV export of the page (orders export on the server).
 */
export function SearchableList({
  sort,
  filters = [],
  actions,
  children,
}: {
  sort: SortPayload;
  filters?: ReactElement[];
  /** The list's toolbar (e.g. «Загрузить YML»); react-admin's default when absent. */
  actions?: ReactElement;
  children: ReactNode;
}) {
  return (
    <List
      sort={sort}
      filters={[<SearchInput key="q" source="q" alwaysOn />, ...filters]}
      exporter={false}
      {...(actions ? { actions } : {})}
    >
      {children}
    </List>
  );
}

/**
 * The create page (back to the list, or to the record's `show` page, after saving) and the edit
 * page (saved when the API answers, `pessimistic`) of one form component.
 */
export function formPages(Form: ComponentType, redirect: 'list' | 'show' = 'list') {
  return {
    Create: () => (
      <Create redirect={redirect}>
        <Form />
      </Create>
    ),
    Edit: () => (
      <Edit mutationMode="pessimistic">
        <Form />
      </Edit>
    ),
  };
}

/**
 * Runs a console action: on success the notice `done` (an i18n key) and, unless `reload` is false,
 * a reload of the page's data; on failure the API's Russian message. The returned function
 * resolves true when it worked.
 */
export function useConsoleAction(done: string, { reload = true }: { reload?: boolean } = {}) {
  const notify = useNotify();
  const refresh = useRefresh();
  return async (action: () => Promise<unknown>): Promise<boolean> => {
    try {
      await action();
      notify(done, { type: 'success' });
      if (reload) refresh();
      return true;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return false;
    }
  };
}

/**
 * A button acting on the current record after a confirmation dialog (block a certificate,
 * anonymise a customer). `label`, `confirm` and `done` are i18n keys; `run` calls the API;
 * nothing is shown while `hidden(record)` is true or there is no record.
 */
export function ConfirmActionButton({
  label,
  confirm,
  done,
  run,
  hidden,
  color = 'error',
}: {
  label: string;
  confirm: string;
  done: string;
  run: (record: RaRecord) => Promise<unknown>;
  hidden?: (record: RaRecord) => boolean;
  color?: ButtonProps['color'];
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  const act = useConsoleAction(done);
  const [open, setOpen] = useState(false);
  if (!record || hidden?.(record)) return null;
  return (
    <>
      <Button color={color} onClick={() => setOpen(true)}>
        {translate(label)}
      </Button>
      <Confirm
        isOpen={open}
        title={label}
        content={confirm}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          await act(() => run(record));
          setOpen(false);
        }}
      />
    </>
  );
}
