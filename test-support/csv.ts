/**
 * RFC 4180 records where every value is quoted, as the desk writes its CSVs (server/staff/inbox/csv.ts):
 * a byte-order mark first, CRLF between records, line breaks kept inside a value. Throws on anything
 * else, so a CSV the desk wrote wrongly fails the test that reads it.
 */
export function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  const value = /"((?:[^"]|"")*)"(,|\r\n|$)/y;
  const body = text.replace(/^\uFEFF/, "");
  while (value.lastIndex < body.length) {
    const match = value.exec(body);
    if (!match) throw new Error(`not a quoted CSV value at ${value.lastIndex}: ${body.slice(value.lastIndex, value.lastIndex + 40)}`);
    record.push(match[1]!.replace(/""/g, '"'));
    if (match[2] !== ",") {
      records.push(record);
      record = [];
    }
  }
  return records;
}
