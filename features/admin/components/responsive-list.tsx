'use client';
/**
 * A list body that is a table on a desktop and react-admin's SimpleList on a phone (issue #32: an
 * owner checks the shop from a phone; at 390 px a table's columns would not fit).
 */
import { Datagrid, SimpleList, type RaRecord } from 'react-admin';
import { useIsPhone } from './inputs';

type Text = (record: RaRecord) => React.ReactNode;

/**
 * `primary`/`secondary`/`tertiary`: the phone row's texts; `children`: the desktop's columns;
 * `link`: where a row leads ("edit", "show" or false for read-only rows without a page).
 */
export function ResponsiveList({
  primary,
  secondary,
  tertiary,
  link = 'edit',
  children,
}: {
  primary: Text;
  secondary?: Text;
  tertiary?: Text;
  link?: 'edit' | 'show' | false;
  children: React.ReactNode;
}) {
  const isPhone = useIsPhone();
  if (isPhone)
    return <SimpleList primaryText={primary} secondaryText={secondary} tertiaryText={tertiary} linkType={link} />;
  return (
    <Datagrid rowClick={link} bulkActionButtons={false}>
      {children}
    </Datagrid>
  );
}
