import { type ComponentChildren } from 'preact';

export interface Column<Row> {
  label: string;
  cell: (row: Row) => ComponentChildren;
}

interface StackedTableProps<Row> {
  /** The table's caption, and the name of the region around it. */
  caption: string;
  /** The first column's header: what each row is. */
  rowLabel: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowHeader: (row: Row) => ComponentChildren;
  columns: readonly Column<Row>[];
}

/**
 * A table that on a phone shows each row as a card, every cell under its column's name (the
 * `data-label` the style sheet writes before it). The roles are spelled out: a table laid out
 * as blocks keeps them for assistive technology that would otherwise take it for text.
 */
export function StackedTable<Row>(props: StackedTableProps<Row>) {
  return (
    <div class="table-wrap stacked" tabIndex={0} role="region" aria-label={props.caption}>
      <table role="table">
        <caption>{props.caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {props.rowLabel}
            </th>
            {props.columns.map((column) => (
              <th scope="col" role="columnheader" key={column.label}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {props.rows.map((row) => (
            <tr role="row" key={props.rowKey(row)} data-key={props.rowKey(row)}>
              <th scope="row" role="rowheader">
                {props.rowHeader(row)}
              </th>
              {props.columns.map((column) => (
                <td role="cell" key={column.label} data-label={column.label}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
