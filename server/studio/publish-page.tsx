/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { readPostedForm, textField } from "../platform/form-reader";
import { utcDay, utcMinute } from "../platform/utc-time";
import { instantOf, wallClock } from "../platform/zoned-time";
import { recordAudit } from "../staff/audit";
import type { StaffDesk } from "../staff/desk-context";
import { requireStaff, type StaffEnv } from "../staff/guard";
import { Button, InputField, PostButton, staffPage, staffText, type Problem } from "../staff/ui";
import type { RevisionEntry } from "../leads/content-history";
import { entryKey, type DraftedEntry, type Drafts } from "./drafts";
import { entryQuery } from "./history-filters";
import {
  approvePublish,
  cancelPublish,
  loadPublishApproval,
  openPublishRequests,
  readPublishRequest,
  requestPublish,
  savePublishApproval,
  type PublishRequest,
} from "./publish-requests";
import { runDuePublishes } from "./scheduled-publish";
import type { StudioHistory } from "./studio";

// "Changes to publish" (decision 0159), a first native-form page: the drafted entries (their files
// differ between the studio's working copy and the published tree), Publish all, Publish ticked,
// Discard ticked, Schedule ticked at a date and time of the desk's zone; the waiting publishes with
// Approve (an administrator other than the requester) and Cancel; the approval setting (admins).
// Editors and admins; every change audited (a publish or discard by its revision's audit entry).

const t = staffText.publish;
const path = staffPaths.publish;

type Typed = { ticked: string[]; date: string; time: string };
const nothingTyped: Typed = { ticked: [], date: "", time: "" };

function DraftsForm({ drafted, typed, problems, zone }: { drafted: DraftedEntry[]; typed: Typed; problems: readonly Problem[]; zone: string }) {
  const at = (id: string) => problems.find((p) => p.fieldId === id)?.message;
  if (drafted.length === 0) return <p>{t.none}</p>;
  return (
    <form method="post" action={path}>
      <fieldset id="entries" aria-invalid={at("entries") ? "true" : undefined} aria-describedby={at("entries") ? "entries-error" : undefined}>
        <legend>{t.entriesLegend}</legend>
        {at("entries") && (
          <p class="error" id="entries-error">
            {at("entries")}
          </p>
        )}
        <ul class="plain">
          {drafted.map((item) => {
            const key = entryKey(item.entry);
            const id = `entry-${key.replace(/[^a-zA-Z0-9-]/g, "-")}`;
            return (
              <li>
                <input type="checkbox" name="entry" value={key} id={id} checked={typed.ticked.includes(key)} aria-describedby={`${id}-files`} />{" "}
                <label for={id}>{item.label}</label>{" "}
                {item.entry.kind !== "files" ? <a href={`${staffPaths.history}?${entryQuery(item.entry)}`}>{t.historyLink}</a> : null}
                <ul id={`${id}-files`} class="hint">
                  {item.files.map((file) => (
                    <li>
                      <code>{file.path}</code> ({t.changes[file.change] ?? file.change})
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p>
        <Button name="do" value="publish">
          {t.publishTicked}
        </Button>{" "}
        <Button name="do" value="publish-all" variant="secondary">
          {t.publishAll}
        </Button>
      </p>
      <fieldset>
        <legend>{t.scheduleLegend}</legend>
        <InputField name="date" type="date" label={t.dateLabel} hint={t.scheduleHint(zone)} value={typed.date} error={at("date")} />
        <InputField name="time" label={t.timeLabel} value={typed.time} maxlength={5} inputmode="numeric" error={at("time")} />
        <Button name="do" value="schedule" variant="secondary">
          {t.schedule}
        </Button>
      </fieldset>
      <p class="hint" id="discard-hint">
        {t.discardHint}
      </p>
      <Button name="do" value="discard" variant="danger">
        {t.discardTicked}
      </Button>
    </form>
  );
}

function Requests({
  requests,
  labelOf,
  staffId,
  isAdmin,
  zone,
}: {
  requests: PublishRequest[];
  labelOf: (entry: RevisionEntry) => string;
  staffId: string;
  isAdmin: boolean;
  zone: string;
}) {
  if (requests.length === 0) return null;
  const local = (at: Date) => {
    const wall = wallClock(at, zone);
    return `${wall.date} ${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")} (${utcMinute(at)})`;
  };
  return (
    <section aria-labelledby="waiting-title">
      <h2 id="waiting-title">{t.waitingTitle}</h2>
      <ul class="plain">
        {requests.map((request) => (
          <li>
            <p>
              <strong>#{request.id}</strong> {request.entries.map(labelOf).join(", ")} — {request.runAt ? local(request.runAt) : t.now} —{" "}
              {t.states[request.status] ?? request.status} — {t.who}: {request.requestedByName}
            </p>
            {isAdmin && request.status === "waiting-approval" && request.requestedById !== staffId ? (
              <PostButton action={`${path}/requests/${request.id}/approve`} variant="primary" label={t.approveLabel(request.id)}>
                {t.approve}
              </PostButton>
            ) : null}{" "}
            {request.status !== "running" && (isAdmin || request.requestedById === staffId) ? (
              <PostButton action={`${path}/requests/${request.id}/cancel`} label={t.cancelLabel(request.id)}>
                {t.cancel}
              </PostButton>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ApprovalSetting({ on }: { on: boolean }) {
  return (
    <section aria-labelledby="approval-title">
      <h2 id="approval-title">{t.approvalTitle}</h2>
      <form method="post" action={`${path}/approval`}>
        <p class="hint" id="approval-hint">
          {t.approvalHint}
        </p>
        <p>
          <input type="checkbox" id="approval" name="approval" value="on" checked={on} aria-describedby="approval-hint" />{" "}
          <label for="approval">{t.approvalLabel}</label>
        </p>
        <Button variant="secondary">{t.saveApproval}</Button>
      </form>
    </section>
  );
}

/** The instant `date` (YYYY-MM-DD) at `time` (HH:MM) reads in `zone`, or the problem with either. */
function scheduledAt(date: string, time: string, zone: string): { at: Date } | { problems: Problem[] } {
  const day = utcDay(date);
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  const problems: Problem[] = [];
  if (!day) problems.push({ message: t.badDate, fieldId: "date" });
  if (!clock) problems.push({ message: t.badTime, fieldId: "time" });
  if (!day || !clock) return { problems };
  return { at: new Date(instantOf(day.getTime(), Number(clock[1]) * 60 + Number(clock[2]), zone)) };
}

/** GET and POST /staff/publish and its requests' and setting's posts, on the desk's app (its session and CSRF check). */
export function mountPublishPage(desk: StaffDesk, history: StudioHistory) {
  const { app, db } = desk;
  const guard = requireStaff("admin", "editor");
  if (!history.drafts) {
    // GitHub mode (its branches are its drafts), or no published tree (a server not started by
    // `npm start`): the page says where saves go, and there is nothing to post.
    app.get(path, guard, (c) => c.html(staffPage({ title: t.title, staff: c.get("staff"), body: <p>{history.github ? t.github : t.off}</p>, current: path })));
    return;
  }
  const drafts: Drafts = history.drafts;
  const zone = desk.timeZone;
  const labelOf = (entry: RevisionEntry) => history.entries.labelOf(entry);

  const show = async (
    c: Context<StaffEnv>,
    {
      typed = nothingTyped,
      problems = [],
      notice,
      status = 200,
    }: { typed?: Typed; problems?: Problem[]; notice?: string; status?: 200 | 400 | 403 | 409 | 503 } = {},
  ) => {
    const staff = c.get("staff")!;
    const [drafted, requests, approval] = await Promise.all([drafts.list(), openPublishRequests(db), loadPublishApproval(db)]);
    const body = (
      <>
        <p>{t.intro}</p>
        <DraftsForm drafted={drafted} typed={typed} problems={problems} zone={zone} />
        <Requests requests={requests} labelOf={labelOf} staffId={staff.id} isAdmin={staff.role === "admin"} zone={zone} />
        {staff.role === "admin" ? <ApprovalSetting on={approval} /> : null}
      </>
    );
    return c.html(staffPage({ title: t.title, staff, body, current: path, notice, problems }), status);
  };

  const notices: Record<string, string> = {
    discarded: t.discarded,
    scheduled: t.scheduled,
    requested: t.requested,
    approved: t.approved,
    cancelled: t.cancelled,
    "approval-saved": t.approvalSaved,
    nothing: t.nothing,
  };
  app.get(path, guard, (c) => {
    const published = Number(c.req.query("published"));
    const notice = Number.isSafeInteger(published) && published > 0 ? t.published(published) : notices[c.req.query("notice") ?? ""];
    return show(c, { notice });
  });

  app.post(path, guard, async (c) => {
    const form = await readPostedForm(c);
    if (!form) return c.text(t.badRequest, 400);
    const staff = c.get("staff")!;
    const actor = { id: staff.id, name: staff.name || staff.email, email: staff.email };
    const action = textField(form, "do") ?? "";
    const typed: Typed = {
      ticked: form.getAll("entry").filter((value): value is string => typeof value === "string"),
      date: (textField(form, "date") ?? "").trim(),
      time: (textField(form, "time") ?? "").trim(),
    };
    const drafted = await drafts.list();
    const byKey = new Map(drafted.map((item) => [entryKey(item.entry), item.entry]));
    const chosen = action === "publish-all" ? drafted.map((item) => item.entry) : typed.ticked.map((key) => byKey.get(key));
    if (!["publish", "publish-all", "discard", "schedule"].includes(action))
      return show(c, { typed, problems: [{ message: t.noneTicked, fieldId: "entries" }], status: 400 });
    if (chosen.length === 0)
      return show(c, { typed, problems: [{ message: action === "publish-all" ? t.none : t.noneTicked, fieldId: "entries" }], status: 400 });
    if (chosen.some((entry) => !entry)) return show(c, { typed, problems: [{ message: t.gone, fieldId: "entries" }], status: 409 });
    const entries = chosen as RevisionEntry[];

    if (action === "discard") {
      const outcome = await drafts.discard(entries, actor);
      if (!outcome.ok) return show(c, { typed, problems: [{ message: t.failed(outcome.reason) }], status: 503 });
      return c.redirect(`${path}?notice=${outcome.revision ? "discarded" : "nothing"}`, 303);
    }
    let runAt: Date | null = null;
    if (action === "schedule") {
      const when = scheduledAt(typed.date, typed.time, zone);
      if ("problems" in when) return show(c, { typed, problems: when.problems, status: 400 });
      if (when.at.getTime() <= desk.now().getTime()) return show(c, { typed, problems: [{ message: t.past, fieldId: "date" }], status: 400 });
      runAt = when.at;
    }
    const needsApproval = staff.role !== "admin" && (await loadPublishApproval(db));
    if (runAt || needsApproval) {
      const request = await requestPublish(db, { entries, runAt, actor, needsApproval });
      await recordAudit(db, {
        actor: staff,
        action: needsApproval ? "content.publish-request" : "content.publish-schedule",
        target: `publish-request:${request.id}`,
        detail: { entries: entries.map(labelOf), ...(runAt ? { at: runAt.toISOString() } : {}) },
        ip: desk.clientAddress(c),
      });
      return c.redirect(`${path}?notice=${needsApproval ? "requested" : "scheduled"}`, 303);
    }
    const outcome = await drafts.publish(entries, actor);
    if (!outcome.ok) return show(c, { typed, problems: [{ message: t.failed(outcome.reason) }], status: 503 });
    return c.redirect(outcome.revision ? `${path}?published=${outcome.entries.length}` : `${path}?notice=nothing`, 303);
  });

  app.post(`${path}/requests/:id{[0-9]+}/approve`, requireStaff("admin"), async (c) => {
    await readPostedForm(c);
    const staff = c.get("staff")!;
    const id = Number(c.req.param("id"));
    const approved = await approvePublish(db, { id, approver: { id: staff.id, name: staff.name || staff.email, email: staff.email }, now: desk.now() });
    if (!approved.ok)
      return show(c, { problems: [{ message: approved.reason === "own" ? t.ownRequest : t.noRequest }], status: approved.reason === "own" ? 403 : 409 });
    await recordAudit(db, { actor: staff, action: "content.publish-approve", target: `publish-request:${id}`, detail: {}, ip: desk.clientAddress(c) });
    // Due now (no time, or its time has passed): published at once, claimed as the schedule would.
    await runDuePublishes({ db, drafts, now: desk.now() });
    return c.redirect(`${path}?notice=approved`, 303);
  });

  app.post(`${path}/requests/:id{[0-9]+}/cancel`, guard, async (c) => {
    await readPostedForm(c);
    const staff = c.get("staff")!;
    const id = Number(c.req.param("id"));
    const request = await readPublishRequest(db, id);
    if (!request || (staff.role !== "admin" && request.requestedById !== staff.id) || !(await cancelPublish(db, id))) {
      return show(c, { problems: [{ message: t.noRequest }], status: 409 });
    }
    await recordAudit(db, { actor: staff, action: "content.publish-cancel", target: `publish-request:${id}`, detail: {}, ip: desk.clientAddress(c) });
    return c.redirect(`${path}?notice=cancelled`, 303);
  });

  app.post(`${path}/approval`, requireStaff("admin"), async (c) => {
    const form = await readPostedForm(c);
    if (!form) return c.text(t.badRequest, 400);
    const on = textField(form, "approval") === "on";
    await savePublishApproval(db, on);
    await recordAudit(db, {
      actor: c.get("staff")!,
      action: "settings.publish-approval",
      target: "settings:publish-approval",
      detail: { on },
      ip: desk.clientAddress(c),
    });
    return c.redirect(`${path}?notice=approval-saved`, 303);
  });
}
