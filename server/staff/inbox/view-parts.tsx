/** @jsxImportSource hono/jsx */
import { isStatus, statusLabels } from "../../leads/workflow";
import { utcMinute as utc } from "../../platform/utc-time";

// The small pieces every view of a lead shows its facts with: the inbox's list and page
// (views.tsx), its conversation (conversation-views.tsx) and a quotation's steps on it.

export const statusText = (status: string) => (isStatus(status) ? statusLabels[status] : status);

export const Time = ({ date }: { date: Date }) => <time datetime={date.toISOString()}>{utc(date)}</time>;

export const humanSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Text someone wrote, line breaks kept, never markup. */
export const Lines = ({ text }: { text: string }) => (
  <>
    {text.split(/\r?\n/).map((line, i) => (
      <>
        {i > 0 && <br />}
        {line}
      </>
    ))}
  </>
);
