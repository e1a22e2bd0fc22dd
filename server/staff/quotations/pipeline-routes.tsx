/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import { pipelineQuotations } from "../../leads/pipeline";
import { recordAudit } from "../audit";
import type { StaffApp, StaffDesk } from "../desk-context";
import { requireStaff, type StaffEnv } from "../guard";
import { csvDocument } from "../inbox/csv";
import { lastMonths, monthStartBound, pipelineFigures } from "../pipeline";
import { staffPage } from "../ui";
import { PipelineView, pipelinePath, pipelineTableIds, pipelineTables, tableRecords, type PipelineTableId } from "./pipeline-views";
import { quotationRoles } from "./routes";

export type PipelineOptions = {
  /** DIGEST_TIME_ZONE: the desk's months. */
  timeZone: string;
  /** The clock (tests set it). */
  now?: () => Date;
  /** How many months the monthly figures, win rates and times cover (the current one included). */
  months?: number;
};

/**
 * The quotations pipeline (decision 0115): GET /staff/quotations (charts and tables)
 * and GET /staff/quotations/{table}.csv (each table's figures). Sales and admins only: any other
 * role gets 403, checked here on the server.
 */
export function mountPipeline({ timeZone, now = () => new Date(), months = 12 }: PipelineOptions) {
  return (app: StaffApp, desk: StaffDesk) => {
    const guard = requireStaff(...quotationRoles);
    app.use(pipelinePath, guard);
    app.use(`${pipelinePath}/*`, guard);

    const figuresAt = async (at: Date) => {
      // From a day before the first month's start in UTC: early enough in any zone.
      const from = monthStartBound(lastMonths(at, months, timeZone)[0]!);
      return pipelineFigures({ quotations: await pipelineQuotations(desk.db, { from }), now: at, months, timeZone });
    };

    app.get(pipelinePath, async (c) => {
      const at = now();
      const figures = await figuresAt(at);
      return c.html(
        staffPage({
          title: "Quotations",
          staff: c.get("staff"),
          current: pipelinePath,
          body: <PipelineView figures={figures} today={at.toISOString().slice(0, 10)} timeZone={timeZone} />,
        }),
      );
    });

    app.get(`${pipelinePath}/:file`, async (c: Context<StaffEnv>) => {
      const id = /^([a-z-]+)\.csv$/.exec(c.req.param("file") ?? "")?.[1];
      if (!id || !(pipelineTableIds as readonly string[]).includes(id)) {
        return c.html(staffPage({ title: "There is no such page.", staff: c.get("staff"), body: <p>There is no such page.</p> }), 404);
      }
      const at = now();
      const table = pipelineTables(await figuresAt(at))[id as PipelineTableId];
      await recordAudit(desk.db, { actor: c.get("staff")!, action: "quotation.export", target: `quotations:${id}`, ip: desk.clientAddress(c) });
      return c.body(csvDocument(tableRecords(table)), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="quotations-${id}-${at.toISOString().slice(0, 10)}.csv"`,
      });
    });
  };
}
