/**
 * A labelled form control with its hint/error line, accessible: the label is tied to the control,
 * an error sets `aria-invalid` and is announced through `aria-describedby` (role="alert").
 * Presentational; forms pass `error` from react-hook-form.
 */
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import styles from './form-field.module.css';

/** Props of `FormField`. */
export type FormFieldProps = {
  label: string;
  /** Error text (spec §5 hints), shown under the control. */
  error?: string;
  /** Help text shown when there is no error. */
  hint?: ReactNode;
  /** One input/select/textarea; it receives `id`, `aria-invalid` and `aria-describedby`. */
  children: ReactElement<Record<string, unknown>>;
};

/** See the module docstring. */
export function FormField({ label, error, hint, children }: FormFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? noteId : undefined,
        className: `${styles.control} ${(children.props.className as string | undefined) ?? ''}`,
      })
    : children;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {control}
      {error ? (
        <p id={noteId} className={styles.error} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
