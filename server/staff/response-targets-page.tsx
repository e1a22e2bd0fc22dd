/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import { leadKinds, type LeadKind as LeadType } from "../../app/lib/contracts/leads";
import { typeLabels } from "../leads/workflow";
import { readPostedForm, textField } from "../platform/form-reader";
import { recordAudit } from "./audit";
import type { StaffApp, StaffDesk } from "./desk-context";
import { requireStaff, type StaffEnv } from "./guard";
import { dueText as d } from "./inbox/texts";
import { loadResponseTargets, maxTargetHours, saveResponseTargets, type ResponseTargets } from "./response-targets";
import { Button, InputField, staffPage, type Problem } from "./ui";

// The response targets' settings (decisions 0153, 0157): admin only, a native form, 303 after a save.

export const responseTargetsPath = "/staff/settings/response-targets";

type Typed = { days: number[]; start: string; end: string; hours: Record<LeadType, string>; laterHours: Record<LeadType, string> };

const typedHours = (hours: Record<LeadType, number>) => Object.fromEntries(leadKinds.map((k) => [k, String(hours[k])])) as Record<LeadType, string>;

const typedOf = (targets: ResponseTargets): Typed => ({
  days: [...targets.days],
  start: targets.start,
  end: targets.end,
  hours: typedHours(targets.hours),
  laterHours: typedHours(targets.laterHours),
});

/** Each lead type's target in working hours, one field each (`<prefix>-<type>`): the first reply's or a later reply's. */
function TargetFields({
  prefix,
  legend,
  intro,
  label,
  values,
  at,
}: {
  prefix: "hours" | "later";
  legend: string;
  intro?: string;
  label: (type: string) => string;
  values: Record<LeadType, string>;
  at: (id: string) => string | undefined;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {intro && <p>{intro}</p>}
      {leadKinds.map((type) => (
        <InputField
          name={`${prefix}-${type}`}
          label={label(typeLabels[type])}
          hint={d.hoursHint}
          inputmode="numeric"
          value={values[type]}
          required
          maxlength={3}
          error={at(`${prefix}-${type}`)}
        />
      ))}
    </fieldset>
  );
}

function SettingsForm({ typed, problems, zone }: { typed: Typed; problems: Problem[]; zone: string }) {
  const at = (id: string) => problems.find((p) => p.fieldId === id)?.message;
  return (
    <>
      <p>{d.settingsIntro(zone)}</p>
      <form method="post" action={responseTargetsPath}>
        <fieldset id="days" aria-invalid={at("days") ? "true" : undefined}>
          <legend>{d.daysLegend}</legend>
          {at("days") && <p class="error">{at("days")}</p>}
          {d.dayNames.map((name, day) => (
            <label>
              <input type="checkbox" name="days" value={String(day)} checked={typed.days.includes(day)} /> {name}
            </label>
          ))}
        </fieldset>
        <InputField name="start" label={d.startLabel} value={typed.start} required maxlength={5} error={at("start")} />
        <InputField name="end" label={d.endLabel} value={typed.end} required maxlength={5} error={at("end")} />
        <TargetFields prefix="hours" legend={d.firstLegend} label={d.hoursLabel} values={typed.hours} at={at} />
        <TargetFields prefix="later" legend={d.laterLegend} intro={d.laterIntro} label={d.laterLabel} values={typed.laterHours} at={at} />
        <Button>{d.saveButton}</Button>
      </form>
    </>
  );
}

/** The posted settings, or what was typed with a problem at each field. */
function parse(form: FormData): { targets: ResponseTargets } | { typed: Typed; problems: Problem[] } {
  const problems: Problem[] = [];
  const days = [...new Set(form.getAll("days").filter((v): v is string => typeof v === "string"))];
  const dayNumbers = days.filter((v) => /^[0-6]$/.test(v)).map(Number);
  if (dayNumbers.length === 0 || dayNumbers.length !== days.length) problems.push({ message: d.noDay, fieldId: "days" });
  const start = (textField(form, "start") ?? "").trim();
  const end = (textField(form, "end") ?? "").trim();
  const clock = /^([01]\d|2[0-3]):[0-5]\d$/;
  if (!clock.test(start)) problems.push({ message: d.badTime(d.startLabel), fieldId: "start" });
  if (!clock.test(end)) problems.push({ message: d.badTime(d.endLabel), fieldId: "end" });
  if (clock.test(start) && clock.test(end) && end <= start) problems.push({ message: d.endBeforeStart, fieldId: "end" });
  // Each type's first-reply and later-reply targets, checked alike (decision 0157).
  const hoursOf = (prefix: string, message: (type: string) => string) => {
    const typed = Object.fromEntries(leadKinds.map((k) => [k, (textField(form, `${prefix}-${k}`) ?? "").trim()])) as Record<LeadType, string>;
    for (const k of leadKinds) {
      const value = typed[k];
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > maxTargetHours)
        problems.push({ message: message(typeLabels[k]), fieldId: `${prefix}-${k}` });
    }
    return typed;
  };
  const hours = hoursOf("hours", d.badHours);
  const laterHours = hoursOf("later", d.badLaterHours);
  if (problems.length) return { typed: { days: dayNumbers, start, end, hours, laterHours }, problems };
  const numbers = (typed: Record<LeadType, string>) => Object.fromEntries(leadKinds.map((k) => [k, Number(typed[k])])) as Record<LeadType, number>;
  return { targets: { days: dayNumbers.sort((a, b) => a - b), start, end, hours: numbers(hours), laterHours: numbers(laterHours) } };
}

/** GET and POST /staff/settings/response-targets (admin), for `createStaffDesk({ routes: [...] })`. */
export function mountResponseTargets(app: StaffApp, desk: StaffDesk) {
  const show = (c: Context<StaffEnv>, typed: Typed, problems: Problem[] = [], notice?: string) =>
    c.html(
      staffPage({
        title: d.settingsTitle,
        staff: c.get("staff"),
        body: <SettingsForm typed={typed} problems={problems} zone={desk.timeZone} />,
        current: responseTargetsPath,
        notice,
        problems: problems.length ? problems : undefined,
      }),
      problems.length ? 400 : 200,
    );
  app.get(responseTargetsPath, requireStaff("admin"), async (c) =>
    show(c, typedOf(await loadResponseTargets(desk.db)), [], c.req.query("saved") === "1" ? d.saved : undefined),
  );
  app.post(responseTargetsPath, requireStaff("admin"), async (c) => {
    const form = await readPostedForm(c);
    if (!form) return c.text("Bad Request: send the settings form (application/x-www-form-urlencoded or multipart/form-data)", 400);
    const parsed = parse(form);
    if ("problems" in parsed) return show(c, parsed.typed, parsed.problems);
    await saveResponseTargets(desk.db, parsed.targets);
    await recordAudit(desk.db, {
      actor: c.get("staff")!,
      action: "settings.response-targets",
      target: "settings:response-targets",
      detail: parsed.targets,
      ip: desk.clientAddress(c),
    });
    return c.redirect(`${responseTargetsPath}?saved=1`, 303);
  });
}
