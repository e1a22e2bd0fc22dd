/** @jsxImportSource hono/jsx */
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { photoFormats } from "../../app/lib/contracts/photo-limits";
import { fileKindFromBytes, formatSniffBytes, peek } from "../platform/file-kind";
import { readPostedForm, textField } from "../platform/form-reader";
import { utcDay, utcMinute } from "../platform/utc-time";
import { instantOf, wallClock } from "../platform/zoned-time";
import { recordAudit } from "../staff/audit";
import type { StaffDesk } from "../staff/desk-context";
import { requireStaff, type StaffEnv } from "../staff/guard";
import { Button, InputField, PostButton, staffPage, staffText, type Problem } from "../staff/ui";
import type { RevisionEntry } from "../leads/content-history";
import { openFile, stateOf } from "../publish/published-tree";
import { entryKey, type DraftedEntry, type Drafts } from "./drafts";
import { FileChange, fileSchemaOf, type DiffFile } from "./history-diff";
import { entryQuery } from "./history-filters";
import {
  approvePublish,
  cancelPublish,
  loadPublishApproval,
  publishNeedsApproval,
  openPublishRequests,
  readPublishRequest,
  askToPublish,
  savePublishApproval,
  type PublishApproval,
  type PublishRequest,
} from "./publish-requests";
import { runDuePublishes } from "./scheduled-publish";
import type { StudioHistory } from "./studio";
import { mountBranchPublishPage } from "./branch-publish-page";

// "Changes to publish" (decision 0159), a native-form page: the drafted entries (their files differ
// between the studio's working copy and the published tree), each with its changes in the history's
// diff view (published → draft) in a closed <details>; Publish all, Publish ticked, Discard ticked,
// Schedule ticked at a date and time of the desk's zone — refused (409) for an entry that changed
// after the page showed it, which the form names by version; the waiting publishes with Approve
// (whom the setting names, never the requester) and Cancel; the approval setting (admins). Editors
// and admins; every change audited (a publish or discard by its revision's audit entry).

const t = staffText.publish;
const path = staffPaths.publish;

type Typed = { ticked: string[]; date: string; time: string };
const nothingTyped: Typed = { ticked: [], date: "", time: "" };

/** A drafted entry as the page shows it: with its files as the history's diff view reads them, published → draft. */
type ShownEntry = DraftedEntry & { diffs: Array<{ file: DiffFile; schema: ReturnType<typeof fileSchemaOf> }> };

/** A form field's id for an entry's checkbox (its problems point there). */
const entryFieldId = (key: string) => `entry-${key.replace(/[^a-zA-Z0-9-]/g, "-")}`;

function DraftsForm({ drafted, typed, problems, zone }: { drafted: ShownEntry[]; typed: Typed; problems: readonly Problem[]; zone: string }) {
  const at = (id: string) => problems.find((p) => p.fieldId === id)?.message;
  const labelOfKey = new Map(drafted.map((item) => [entryKey(item.entry), item.label]));
  if (drafted.length === 0) return <p>{t.none}</p>;
  return (
    <form method="post" action={path}>
      <fieldset
        id="entries"
        class="drafted-entries"
        aria-invalid={at("entries") ? "true" : undefined}
        aria-describedby={at("entries") ? "entries-error" : undefined}
      >
        <legend>{t.entriesLegend}</legend>
        {at("entries") && (
          <p class="error" id="entries-error">
            {at("entries")}
          </p>
        )}
        <ul class="plain">
          {drafted.map((item) => {
            const key = entryKey(item.entry);
            const id = entryFieldId(key);
            const error = at(id);
            const needs = item.needs.map((other) => labelOfKey.get(other) ?? other);
            const describedBy = [error ? `${id}-error` : "", needs.length ? `${id}-needs` : "", `${id}-files`].filter(Boolean).join(" ");
            return (
              <li>
                <input type="hidden" name="seen" value={`${key} ${item.version}`} />
                <input
                  type="checkbox"
                  name="entry"
                  value={key}
                  id={id}
                  checked={typed.ticked.includes(key)}
                  aria-invalid={error ? "true" : undefined}
                  aria-describedby={describedBy}
                />{" "}
                <label for={id}>{item.label}</label>{" "}
                {item.entry.kind !== "files" ? <a href={`${staffPaths.history}?${entryQuery(item.entry)}`}>{t.historyLink}</a> : null}
                {error ? (
                  <p class="error" id={`${id}-error`}>
                    {error}
                  </p>
                ) : null}
                {needs.length ? (
                  <p class="hint" id={`${id}-needs`}>
                    <strong>{t.needsHint(needs.join(", "))}</strong>
                  </p>
                ) : null}
                <ul id={`${id}-files`} class="hint">
                  {item.files.map((file) => (
                    <li>
                      <code>{file.path}</code> ({t.changes[file.change] ?? file.change})
                    </li>
                  ))}
                </ul>
                <details class="draft-changes" open={error ? true : undefined}>
                  <summary>{t.showChanges(item.label)}</summary>
                  <p class="hint">{t.changesHint}</p>
                  {item.diffs.map(({ file, schema }) => (
                    <FileChange file={file} schema={schema} />
                  ))}
                </details>
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
  mayApprove,
  zone,
}: {
  requests: PublishRequest[];
  labelOf: (entry: RevisionEntry) => string;
  staffId: string;
  isAdmin: boolean;
  /** Whether this member of staff is one the setting names to approve (the statement checks again). */
  mayApprove: boolean;
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
            {mayApprove && request.status === "waiting-approval" && request.requestedById !== staffId ? (
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

function ApprovalSetting({ approval, error }: { approval: PublishApproval; error?: string }) {
  return (
    <section aria-labelledby="approval-title">
      <h2 id="approval-title">{t.approvalTitle}</h2>
      <form method="post" action={`${path}/approval`}>
        <p class="hint" id="approval-hint">
          {t.approvalHint}
        </p>
        <p>
          <input type="checkbox" id="approval" name="approval" value="on" checked={approval !== "off"} aria-describedby="approval-hint" />{" "}
          <label for="approval">{t.approvalLabel}</label>
        </p>
        <fieldset id="approvers" aria-invalid={error ? "true" : undefined} aria-describedby={error ? "approvers-error" : undefined}>
          <legend>{t.approversLegend}</legend>
          {error ? (
            <p class="error" id="approvers-error">
              {error}
            </p>
          ) : null}
          {(["admins", "editors"] as const).map((value) => (
            <p>
              <input
                type="radio"
                id={`approvers-${value}`}
                name="approvers"
                value={value}
                checked={approval === value || (approval === "off" && value === "admins")}
              />{" "}
              <label for={`approvers-${value}`}>{t.approvers[value]}</label>
            </p>
          ))}
        </fieldset>
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

/** The versions the page showed, from its hidden `seen` fields ("<entry key> <version>"). */
function seenVersions(values: readonly string[]): Map<string, string> {
  const seen = new Map<string, string>();
  for (const value of values) {
    const [key, version] = value.split(" ");
    if (key && version) seen.set(key, version);
  }
  return seen;
}

/** GET and POST /staff/publish and its requests' and setting's posts, on the desk's app (its session and CSRF check). */
export function mountPublishPage(desk: StaffDesk, history: StudioHistory) {
  const { app, db } = desk;
  const guard = requireStaff("admin", "editor");
  // GitHub mode with the repository's copy: the studio's branches are the drafts (branch-publish-page.tsx).
  if (history.git && history.github) return mountBranchPublishPage(desk, history, history.git, history.github);
  if (!history.drafts) {
    // GitHub mode without the copy, or no published tree (a server not started by
    // `npm start`): the page says where saves go, and there is nothing to post.
    app.get(path, guard, (c) => c.html(staffPage({ title: t.title, staff: c.get("staff"), body: <p>{history.github ? t.github : t.off}</p>, current: path })));
    return;
  }
  const drafts: Drafts = history.drafts;
  const zone = desk.timeZone;
  const labelOf = (entry: RevisionEntry) => history.entries.labelOf(entry);
  const photoPath = (sha: string | null) => (sha ? `${path}/photos/${sha}` : null);

  /** A drafted entry's files as the history's diff view reads them: before = published, after = the draft. */
  const withDiffs = (item: DraftedEntry): Promise<ShownEntry> =>
    Promise.all(
      item.files.map(async (file) => {
        // A photo is shown by the hash the listing read (decision 0189: never read whole for the page); text read to diff it.
        const isMedia = file.path.includes("/media/");
        const [before, after] = await Promise.all([
          isMedia ? null : drafts.fileIn("published", file.path).then((bytes) => stateOf(bytes, false)),
          isMedia ? null : drafts.fileIn("working", file.path).then((bytes) => stateOf(bytes, false)),
        ]);
        const diff: DiffFile = {
          path: file.path,
          beforeText: before && "text" in before ? before.text : null,
          afterText: after && "text" in after ? after.text : null,
          beforePhoto: isMedia || (before && "sha256" in before) ? photoPath(file.published) : null,
          afterPhoto: isMedia || (after && "sha256" in after) ? photoPath(file.working) : null,
        };
        return { file: diff, schema: fileSchemaOf(history, file.path) };
      }),
    ).then((diffs) => ({ ...item, diffs }));

  const show = async (
    c: Context<StaffEnv>,
    {
      typed = nothingTyped,
      problems = [],
      notice,
      status = 200,
      approvalError,
    }: { typed?: Typed; problems?: Problem[]; notice?: string; status?: 200 | 400 | 403 | 409 | 503; approvalError?: string } = {},
  ) => {
    const staff = c.get("staff")!;
    const [drafted, requests, approval] = await Promise.all([
      drafts.list().then((items) => Promise.all(items.map(withDiffs))),
      openPublishRequests(db),
      loadPublishApproval(db),
    ]);
    const isAdmin = staff.role === "admin";
    const body = (
      <>
        <p>{t.intro}</p>
        <DraftsForm drafted={drafted} typed={typed} problems={problems} zone={zone} />
        <Requests
          requests={requests}
          labelOf={labelOf}
          staffId={staff.id}
          isAdmin={isAdmin}
          mayApprove={isAdmin || (approval === "editors" && staff.role === "editor")}
          zone={zone}
        />
        {isAdmin ? <ApprovalSetting approval={approval} error={approvalError} /> : null}
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

  /** A photo of a drafted entry, either tree's, by its SHA-256: only a JPEG, PNG or WebP; streamed from its file (decision 0189). */
  app.get(`${path}/photos/:sha{[0-9a-f]{64}}`, guard, async (c) => {
    const file = await drafts.draftedFileBySha(c.req.param("sha"));
    const size = file
      ? await stat(file)
          .then((found) => found.size)
          .catch(() => undefined)
      : undefined;
    if (!file || size === undefined) return c.text("Not Found", 404);
    const { head, body } = await peek(Readable.toWeb(await openFile(file)()) as ReadableStream<Uint8Array>, formatSniffBytes);
    const format = await fileKindFromBytes(head, photoFormats);
    if (!format) {
      await body.cancel();
      return c.text("Not Found", 404);
    }
    return c.body(body, 200, {
      "Content-Type": `image/${format}`,
      "Content-Length": String(size),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    });
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
    const seen = seenVersions(form.getAll("seen").filter((value): value is string => typeof value === "string"));
    const drafted = await drafts.list();
    const byKey = new Map(drafted.map((item) => [entryKey(item.entry), item]));
    if (!["publish", "publish-all", "discard", "schedule"].includes(action))
      return show(c, { typed, problems: [{ message: t.noneTicked, fieldId: "entries" }], status: 400 });
    const keys = action === "publish-all" ? [...seen.keys()] : typed.ticked;
    if (keys.length === 0)
      return show(c, { typed, problems: [{ message: action === "publish-all" ? t.none : t.noneTicked, fieldId: "entries" }], status: 400 });

    /** 409, nothing written: the entries (by key) that changed, went or appeared since the page showed them, each named at its own checkbox. */
    const changedSince = (changed: readonly string[]) => {
      const problems: Problem[] = changed.map((key) => {
        const item = byKey.get(key);
        return item ? { message: t.changedSince(item.label), fieldId: entryFieldId(key) } : { message: t.gone, fieldId: "entries" };
      });
      const unique = problems.filter((problem, n) => problems.findIndex((other) => other.message === problem.message) === n);
      return show(c, { typed, problems: unique, status: 409 });
    };
    // Checked here for a request (its publish runs later, as the entries then are) and again inside
    // the content write lock for a publish or discard now (drafts.ts).
    const stale =
      action === "publish-all"
        ? [...new Set([...seen.keys(), ...byKey.keys()])].filter((key) => seen.get(key) !== byKey.get(key)?.version)
        : keys.filter((key) => !seen.has(key) || seen.get(key) !== byKey.get(key)?.version);
    if (stale.length) return changedSince(stale);
    // An entry that names a new entry not ticked (a gallery item of a new family) would fail the public
    // build alone: refused, with the named entries ticked for her, so publishing again takes both.
    if (action === "publish" || action === "schedule") {
      const ticked = new Set(keys);
      const needing = keys.filter((key) => byKey.get(key)!.needs.some((other) => !ticked.has(other)));
      if (needing.length) {
        const problems = needing.map((key) => {
          const item = byKey.get(key)!;
          const missing = item.needs.filter((other) => !ticked.has(other)).map((other) => byKey.get(other)?.label ?? other);
          return { message: t.needsTicked(item.label, missing.join(", ")), fieldId: entryFieldId(key) };
        });
        const withNamed = [...new Set([...keys, ...needing.flatMap((key) => byKey.get(key)!.needs)])];
        return show(c, { typed: { ...typed, ticked: withNamed }, problems, status: 409 });
      }
    }
    const entries = keys.map((key) => byKey.get(key)!.entry);
    const seenOfChosen = new Map(keys.map((key) => [key, seen.get(key)!]));

    if (action === "discard") {
      const outcome = await drafts.discard(entries, actor, seenOfChosen);
      if (!outcome.ok)
        return outcome.status === 409 ? changedSince(outcome.changed) : show(c, { typed, problems: [{ message: t.failed(outcome.reason) }], status: 503 });
      return c.redirect(`${path}?notice=${outcome.revision ? "discarded" : "nothing"}`, 303);
    }
    let runAt: Date | null = null;
    if (action === "schedule") {
      const when = scheduledAt(typed.date, typed.time, zone);
      if ("problems" in when) return show(c, { typed, problems: when.problems, status: 400 });
      if (when.at.getTime() <= desk.now().getTime()) return show(c, { typed, problems: [{ message: t.past, fieldId: "date" }], status: 400 });
      runAt = when.at;
    }
    const needsApproval = await publishNeedsApproval(db, staff.role);
    if (runAt || needsApproval) {
      await askToPublish(db, { entries, labels: entries.map(labelOf), runAt, actor, needsApproval, audit: { by: staff, ip: desk.clientAddress(c) } });
      return c.redirect(`${path}?notice=${needsApproval ? "requested" : "scheduled"}`, 303);
    }
    const outcome = await drafts.publish(action === "publish-all" ? "all" : entries, actor, undefined, seenOfChosen);
    if (!outcome.ok)
      return outcome.status === 409 ? changedSince(outcome.changed) : show(c, { typed, problems: [{ message: t.failed(outcome.reason) }], status: 503 });
    return c.redirect(outcome.revision ? `${path}?published=${outcome.entries.length}` : `${path}?notice=nothing`, 303);
  });

  // Who approves is the setting's and the account's: the approving statement reads both (publish-requests.ts).
  app.post(`${path}/requests/:id{[0-9]+}/approve`, guard, async (c) => {
    await readPostedForm(c);
    const staff = c.get("staff")!;
    const id = Number(c.req.param("id"));
    const approved = await approvePublish(db, { id, approver: { id: staff.id, name: staff.name || staff.email, email: staff.email }, now: desk.now() });
    if (!approved.ok) {
      const message = approved.reason === "own" ? t.ownRequest : approved.reason === "role" ? t.notApprover : t.noRequest;
      return show(c, { problems: [{ message }], status: approved.reason === "missing" ? 409 : 403 });
    }
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
    const approvers = textField(form, "approvers") ?? "admins";
    if (approvers !== "admins" && approvers !== "editors")
      return show(c, { approvalError: t.badApprovers, problems: [{ message: t.badApprovers, fieldId: "approvers" }], status: 400 });
    const approval: PublishApproval = on ? approvers : "off";
    await savePublishApproval(db, approval);
    await recordAudit(db, {
      actor: c.get("staff")!,
      action: "settings.publish-approval",
      target: "settings:publish-approval",
      detail: { on, ...(on ? { approvers } : {}) },
      ip: desk.clientAddress(c),
    });
    return c.redirect(`${path}?notice=approval-saved`, 303);
  });
}
