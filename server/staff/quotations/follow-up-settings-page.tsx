/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import { readPostedForm, textField } from "../../platform/form-reader";
import { recordAudit } from "../audit";
import type { StaffApp, StaffDesk } from "../desk-context";
import { requireStaff, type StaffEnv } from "../guard";
import { Button, InputField, staffPage, type Problem } from "../ui";
import { followUpDaysMax, followUpDaysMin, loadFollowUpDays, saveFollowUpDays } from "./follow-up";
import { followUpSettingsText as f } from "./texts";

// The quotation follow-up's setting (decision 0158): after how many days without an answer a
// quotation comes back to its assignee. Admin only, a native form, 303 after a save, audited.

export const quotationFollowUpPath = "/staff/settings/quotation-follow-up";

function SettingsForm({ typed, error }: { typed: string; error?: string }) {
  return (
    <>
      <p>{f.intro}</p>
      <form method="post" action={quotationFollowUpPath}>
        <InputField
          id="days"
          name="days"
          label={f.daysLabel}
          hint={f.daysHint(followUpDaysMin, followUpDaysMax)}
          inputmode="numeric"
          value={typed}
          required
          maxlength={3}
          error={error}
        />
        <Button>{f.saveButton}</Button>
      </form>
    </>
  );
}

/** GET and POST /staff/settings/quotation-follow-up (admin), for `createStaffDesk({ routes: [...] })`. */
export function mountQuotationFollowUp(app: StaffApp, desk: StaffDesk) {
  const show = (c: Context<StaffEnv>, typed: string, problem?: Problem, notice?: string) =>
    c.html(
      staffPage({
        title: f.title,
        staff: c.get("staff"),
        body: <SettingsForm typed={typed} error={problem?.message} />,
        current: quotationFollowUpPath,
        notice,
        problems: problem ? [problem] : undefined,
      }),
      problem ? 400 : 200,
    );
  app.get(quotationFollowUpPath, requireStaff("admin"), async (c) =>
    show(c, String(await loadFollowUpDays(desk.db)), undefined, c.req.query("saved") === "1" ? f.saved : undefined),
  );
  app.post(quotationFollowUpPath, requireStaff("admin"), async (c) => {
    const form = await readPostedForm(c);
    if (!form) return c.text(f.badRequest, 400);
    const typed = (textField(form, "days") ?? "").trim();
    const days = /^\d{1,3}$/.test(typed) ? Number(typed) : Number.NaN;
    if (!(days >= followUpDaysMin && days <= followUpDaysMax)) return show(c, typed, { message: f.badDays(followUpDaysMin, followUpDaysMax), fieldId: "days" });
    await saveFollowUpDays(desk.db, days);
    await recordAudit(desk.db, {
      actor: c.get("staff")!,
      action: "settings.quotation-follow-up",
      target: "settings:quotation-follow-up",
      detail: { days },
      ip: desk.clientAddress(c),
    });
    return c.redirect(`${quotationFollowUpPath}?saved=1`, 303);
  });
}
