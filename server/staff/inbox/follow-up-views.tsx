/** @jsxImportSource hono/jsx */
import { Button, InputField } from "../ui";
import { followUpText as f } from "./texts";

// The lead page's "Follow up on <date>" form (decision 0153): native POSTs, no script.

export type FollowUpState = {
  /** The local day the lead is snoozed until, or null. */
  day: string | null;
  /** The date as typed when it was refused, and why. */
  typed?: string;
  error?: string;
};

export function FollowUpSection({ action, state }: { action: string; state: FollowUpState }) {
  return (
    <section aria-labelledby="follow-up-heading">
      <h2 id="follow-up-heading">{f.heading}</h2>
      <p>{state.day ? <strong>{f.snoozed(state.day)}</strong> : f.none}</p>
      <form method="post" action={action}>
        <InputField
          name="date"
          id="follow-up-date"
          type="date"
          label={f.dateLabel}
          hint={f.intro}
          value={state.typed ?? state.day ?? ""}
          required
          error={state.error}
        />
        <Button>{f.setButton}</Button>
      </form>
      {state.day && (
        <form method="post" action={action}>
          <input type="hidden" name="action" value="clear" />
          <Button variant="secondary">{f.clearButton}</Button>
        </form>
      )}
    </section>
  );
}
