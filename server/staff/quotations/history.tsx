/** @jsxImportSource hono/jsx */
import type { LeadEvent } from "../../leads/inbox";
import { Lines } from "../inbox/view-parts";
import { quotationText as t } from "./texts";
import { versionPagePath } from "./views";

/** A quotation's step in a lead's history: a version sent (from v2 on, linked to its changes), an accepted one revised (decision 0137), withdrawn, expired, or the buyer's answer with their message. */
export function QuotationEvent({ event, leadId }: { event: LeadEvent; leadId: number }) {
  const version = event.fromValue ?? "";
  const actor = event.actorName;
  const message = event.body ? (
    <blockquote>
      <Lines text={event.body} />
    </blockquote>
  ) : null;
  switch (event.toValue) {
    case "sent":
      // From v2 on, a link to what it changed from the version before (decision 0151).
      return (
        <>
          {t.history.sent(actor, `v${version}`)}
          {Number(version) > 1 && (
            <>
              {" "}
              <a href={versionPagePath(leadId, Number(version))}>{t.changes.link(Number(version) - 1)}</a>
            </>
          )}
        </>
      );
    case "revised":
      return (
        <>
          {t.history.revised(actor, version)}
          {message}
        </>
      );
    case "revoked":
      return <>{t.history.revoked(actor, version)}</>;
    case "expired":
      return <>{t.history.expired(version)}</>;
    case "accept":
      return <>{t.history.accept(actor, version)}</>;
    case "changes":
      return (
        <>
          {t.history.changes(actor, version)}
          {message}
        </>
      );
    case "decline":
      return (
        <>
          {t.history.decline(actor, version)}
          {message}
        </>
      );
    case "renew":
      return (
        <>
          {t.history.renew(actor, version)}
          {message}
        </>
      );
    default:
      return <>{event.toValue}</>;
  }
}
