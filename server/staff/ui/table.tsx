/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import { utcSecond } from "../../platform/utc-time";

export type Column<Row> = {
  header: string;
  cell: (row: Row) => Child;
  /** The column whose cell names the row (a th scope="row"). */
  rowHeader?: boolean;
  /**
   * Free text (a subject, a detail): kept wide enough to read in lines, so on a phone the table
   * scrolls sideways instead of breaking the text a word a line.
   */
  wraps?: boolean;
};

/**
 * A data table with a caption (its accessible name) and column headers; on a narrow screen it
 * scrolls sideways inside its frame, the page does not. The frame is a region named by the caption
 * and takes the keyboard's focus, so arrow keys scroll it too (decision 0139). With no rows it says
 * `empty` instead.
 */
export function DataTable<Row>({ caption, columns, rows, empty }: { caption: string; columns: Column<Row>[]; rows: readonly Row[]; empty: string }) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a frame that scrolls takes the focus, or a keyboard cannot scroll it (decision 0139)
    <div class="table-frame" role="region" aria-label={caption} tabindex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col">{column.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr>
              {columns.map((column) =>
                column.rowHeader ? <th scope="row">{column.cell(row)}</th> : <td class={column.wraps ? "wraps" : undefined}>{column.cell(row)}</td>,
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A time in a table's cell, to the second in UTC, machine-readable in its datetime. */
export const UtcTime = ({ at }: { at: Date }) => <time datetime={at.toISOString()}>{utcSecond(at)}</time>;
