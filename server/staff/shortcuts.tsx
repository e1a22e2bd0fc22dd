/** @jsxImportSource hono/jsx */
import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/db";
import { readPostedForm, textField } from "../platform/form-reader";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { recordAudit } from "./audit";
import type { StaffDesk } from "./desk-context";
import { requireStaff, type StaffEnv } from "./guard";
import { staffSettings } from "./schema";
import { Button, DataTable, staffPage, staffText, type Problem } from "./ui";

// The keyboard shortcuts (decision 0154): the help page listing every one, and each member's
// choice of single-key shortcuts (on unless they turned them off: WCAG 2.1.4), kept per account.

const t = staffText.shortcuts;

/** The `staff_settings` key that says a member turned the single-key shortcuts off. */
const offKey = (staffId: string) => `shortcuts-off:${staffId}`;

/** Whether a member has the single-key shortcuts on (everyone, until they turn them off). */
export async function shortcutsOn(db: Database, staffId: string): Promise<boolean> {
  const [row] = await db
    .select({ value: staffSettings.value })
    .from(staffSettings)
    .where(eq(staffSettings.key, offKey(staffId)));
  return !row;
}

/** Turns a member's single-key shortcuts on (no row) or off (a row under their key). */
export async function setShortcuts(db: Database, staffId: string, on: boolean): Promise<void> {
  if (on) await db.delete(staffSettings).where(eq(staffSettings.key, offKey(staffId)));
  else
    await db
      .insert(staffSettings)
      .values({ key: offKey(staffId), value: "off" })
      .onConflictDoNothing();
}

/** After `loadStaff`: marks the signed-in member's `shortcuts`, which the layout (the script) and the CSP (its hash) read. */
export function loadShortcuts(db: Database): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const staff = c.get("staff");
    if (staff) c.set("staff", { ...staff, shortcuts: await shortcutsOn(db, staff.id) });
    await next();
  };
}

/** A key as the page shows it: `<kbd>`, "g then i" for a sequence. */
function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {keys.map((key, i) => (
        <>
          {i > 0 && ` ${t.then} `}
          <kbd>{key}</kbd>
        </>
      ))}
    </>
  );
}

function ShortcutsView({ on, problem }: { on: boolean; problem?: string }) {
  return (
    <>
      <p>{t.intro}</p>
      <div class="keys">
        <DataTable
          caption={t.caption}
          empty=""
          rows={t.rows}
          columns={[
            { header: t.columns.single, cell: (row) => <Keys keys={row.single} /> },
            { header: t.columns.access, cell: (row) => <kbd>{row.access}</kbd> },
            { header: t.columns.does, rowHeader: true, wraps: true, cell: (row) => row.does },
            { header: t.columns.where, wraps: true, cell: (row) => row.where },
          ]}
        />
      </div>
      <h2 id="browsers-heading">{t.browsersHeading}</h2>
      <DataTable
        caption={t.browsersCaption}
        empty=""
        rows={t.browsers}
        columns={[
          { header: t.browsersColumns.browser, rowHeader: true, wraps: true, cell: (row) => row.browser },
          { header: t.browsersColumns.keys, wraps: true, cell: (row) => row.keys },
        ]}
      />
      <h2 id="setting-heading">{t.settingHeading}</h2>
      <form method="post" action={staffPaths.shortcuts}>
        <fieldset id="shortcuts" class="field" aria-describedby={problem ? "shortcuts-hint shortcuts-error" : "shortcuts-hint"}>
          <legend>{t.legend}</legend>
          <p class="hint" id="shortcuts-hint">
            {t.hint}
          </p>
          {problem && (
            <p class="error" id="shortcuts-error">
              {problem}
            </p>
          )}
          <div class="field check">
            <input type="radio" id="shortcuts-on" name="shortcuts" value="on" checked={on} />
            <label for="shortcuts-on">{t.on}</label>
          </div>
          <div class="field check">
            <input type="radio" id="shortcuts-off" name="shortcuts" value="off" checked={!on} />
            <label for="shortcuts-off">{t.off}</label>
          </div>
        </fieldset>
        <Button>{t.save}</Button>
      </form>
    </>
  );
}

/** GET /staff/shortcuts (every member of staff) and POST /staff/shortcuts (`shortcuts` = on or off: their own choice, audited). */
export function shortcutsRoutes(desk: StaffDesk) {
  const { app, db } = desk;
  const show = (c: Context<StaffEnv>, { notice, problems = [] }: { notice?: string; problems?: Problem[] } = {}) => {
    const staff = c.get("staff")!;
    return c.html(
      staffPage({
        title: t.title,
        staff,
        body: <ShortcutsView on={staff.shortcuts ?? true} problem={problems[0]?.message} />,
        current: staffPaths.shortcuts,
        notice,
        problems: problems.length ? problems : undefined,
      }),
      problems.length ? 400 : 200,
    );
  };

  app.get(staffPaths.shortcuts, requireStaff(), (c) => {
    const saved = c.req.query("saved");
    return show(c, { notice: saved === "on" ? t.savedOn : saved === "off" ? t.savedOff : undefined });
  });

  app.post(staffPaths.shortcuts, requireStaff(), async (c) => {
    const staff = c.get("staff")!;
    const form = await readPostedForm(c);
    const choice = form ? textField(form, "shortcuts") : undefined;
    if (choice !== "on" && choice !== "off") return show(c, { problems: [{ message: t.choose, fieldId: "shortcuts-on" }] });
    await setShortcuts(db, staff.id, choice === "on");
    await recordAudit(db, {
      actor: staff,
      action: "settings.shortcuts",
      target: `account:${staff.email}`,
      detail: { shortcuts: choice },
      ip: desk.clientAddress(c),
    });
    return c.redirect(`${staffPaths.shortcuts}?saved=${choice}`, 303);
  });
}
