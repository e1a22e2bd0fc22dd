/** @jsxImportSource hono/jsx */
import type { Context } from "hono";
import { contentLocales, translatedTypes, translationKey, type ContentLocale } from "../../app/lib/contracts/content-translations";
import { staffPaths } from "../../app/lib/contracts/staff-paths";
import { readPostedForm } from "../platform/form-reader";
import type { StaffDesk } from "../staff/desk-context";
import { requireStaff, type StaffEnv } from "../staff/guard";
import { Button, DataTable, staffPage, staffText, UtcTime, type Problem } from "../staff/ui";
import { studioEntryPath, studioSingletonPath } from "./content-gaps";
import type { StudioHistory, StudioOptions } from "./studio";
import { exportXliff, importXliff, translationReport, type TranslationRow } from "./translations";

// The desk's "Translations" at /staff/translations (decision 0165): for editors and admins, per
// language of content/locales.yaml, the entries missing and out of date with links into the studio
// (the English source and the translation), an XLIFF 2.0 export of those texts and the import of an
// agency's file (checked unit by unit before anything is written; each entry a studio save).

const t = staffText.translations;
/** An agency's XLIFF of this site's texts is a few hundred KB at most. */
const maxImportBytes = 2 * 1024 * 1024;

/** Keystatic's screen of an entry (local mode), or of a new one when there is none yet. */
function studioPath(key: string, slug: string, kind: "collection" | "singleton", exists: boolean): string {
  if (kind === "singleton") return studioSingletonPath(key);
  return exists ? studioEntryPath(key, slug) : `/keystatic/collection/${encodeURIComponent(key)}/create`;
}

const entryName = (row: TranslationRow) => `${translatedTypes[row.key].label}${row.slug ? `: ${row.slug}` : ""}`;

export function mountTranslations(desk: StaffDesk, studio: Pick<StudioOptions, "contentDir" | "storage">, history?: StudioHistory) {
  const github = studio.storage.storage.kind === "github";
  const guard = requireStaff("admin", "editor");
  const localesNow = () => contentLocales(studio.contentDir).slice(1);
  const defaultCode = () => contentLocales(studio.contentDir)[0]?.code ?? "en";
  const db = history?.db ?? desk.db;

  const page = async (c: Context<StaffEnv>, options: { problems?: Problem[]; notice?: string; status?: 200 | 400 | 409 | 422 | 503 } = {}) => {
    const staff = c.get("staff")!;
    const sections = await Promise.all(
      localesNow().map(async (locale) => ({ locale, rows: await translationReport({ contentDir: studio.contentDir, db, code: locale.code }) })),
    );
    const body = (
      <>
        <p>{t.intro}</p>
        {sections.map(({ locale, rows }) => (
          <section aria-labelledby={`translations-${locale.code}`}>
            <h2 id={`translations-${locale.code}`}>{t.languageTitle(locale.name, locale.code)}</h2>
            <p>{t.summary(rows.filter((r) => r.state === "missing").length, rows.filter((r) => r.state === "out-of-date").length)}</p>
            <DataTable<TranslationRow>
              caption={t.caption(locale.name)}
              empty={t.none}
              rows={rows}
              columns={[
                { header: t.entry, rowHeader: true, wraps: true, cell: (r) => entryName(r) },
                {
                  header: t.state,
                  cell: (r) =>
                    r.missingWords
                      ? t.missingWords(r.missingWords)
                      : r.state === "missing"
                        ? t.missing
                        : r.changedWords
                          ? t.outOfDateWords(r.changedWords)
                          : t.outOfDate,
                },
                { header: t.englishSaved, cell: (r) => (r.englishAt ? <UtcTime at={r.englishAt} /> : t.notRecorded) },
                { header: t.translationSaved, cell: (r) => (r.translatedAt ? <UtcTime at={r.translatedAt} /> : "–") },
                {
                  header: t.links,
                  wraps: true,
                  cell: (r) => {
                    const kind = translatedTypes[r.key].kind;
                    return (
                      <>
                        {/* Named with the entry by aria-label (its visible words first): a visually hidden span this far right in a table that scrolls in its frame widens the page on a phone. */}
                        <a href={github ? staffPaths.studio : studioPath(r.key, r.slug, kind, true)} aria-label={`${t.english}${t.linkSuffix(entryName(r))}`}>
                          {t.english}
                        </a>
                        {" · "}
                        <a
                          href={github ? staffPaths.studio : studioPath(translationKey(r.key, locale.code), r.slug, kind, r.state !== "missing")}
                          aria-label={`${t.translation}${t.linkSuffix(entryName(r))}`}
                        >
                          {t.translation}
                        </a>
                      </>
                    );
                  },
                },
              ]}
            />
            {rows.length ? (
              <p>
                <a href={`${staffPaths.translations}/${locale.code}.xlf`} download={`translations-${locale.code}.xlf`}>
                  {t.exportLink(locale.name)}
                </a>
              </p>
            ) : null}
            <form method="post" action={`${staffPaths.translations}/${locale.code}/import`} enctype="multipart/form-data">
              <h3>{t.importTitle(locale.name)}</h3>
              <div class="field">
                <label for={`xliff-${locale.code}`}>{t.fileLabel}</label>
                <p class="hint" id={`xliff-${locale.code}-hint`}>
                  {t.importHint}
                </p>
                <input
                  id={`xliff-${locale.code}`}
                  name="file"
                  type="file"
                  accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml"
                  aria-describedby={`xliff-${locale.code}-hint`}
                />
              </div>
              <Button>{t.importButton}</Button>
            </form>
          </section>
        ))}
      </>
    );
    return c.html(
      staffPage({ title: t.title, staff, body, current: staffPaths.translations, problems: options.problems, notice: options.notice }),
      options.status ?? 200,
    );
  };

  const localeOf = (code: string): ContentLocale | undefined => localesNow().find((l) => l.code === code);

  desk.app.get(staffPaths.translations, guard, (c) => {
    const imported = Number(c.req.query("imported"));
    return page(c, { notice: Number.isSafeInteger(imported) && c.req.query("imported") !== undefined ? t.imported(imported) : undefined });
  });

  desk.app.get(`${staffPaths.translations}/:file{[a-z0-9-]+\\.xlf}`, guard, async (c) => {
    const locale = localeOf(c.req.param("file").replace(/\.xlf$/, ""));
    if (!locale) return c.text("Not Found", 404);
    const rows = await translationReport({ contentDir: studio.contentDir, db, code: locale.code });
    const xml = await exportXliff(defaultCode(), locale.code, rows);
    return c.body(xml, 200, {
      "Content-Type": "application/xliff+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="translations-${locale.code}.xlf"`,
      "Cache-Control": "no-store",
    });
  });

  desk.app.post(`${staffPaths.translations}/:code{[a-z0-9-]+}/import`, guard, async (c) => {
    const locale = localeOf(c.req.param("code"));
    if (!locale) return c.text("Not Found", 404);
    const fieldId = `xliff-${locale.code}`;
    const saves = history?.saves;
    if (!saves || github) return page(c, { problems: [{ message: t.unavailable }], status: 422 });
    const form = await readPostedForm(c);
    const file = form?.get("file");
    if (!(file instanceof File) || file.size === 0) return page(c, { problems: [{ fieldId, message: t.noFile }], status: 400 });
    if (file.size > maxImportBytes) return page(c, { problems: [{ fieldId, message: t.tooLarge(maxImportBytes / 1024) }], status: 400 });
    const staff = c.get("staff")!;
    const outcome = await importXliff({
      xml: await file.text(),
      defaultCode: defaultCode(),
      locale,
      contentDir: studio.contentDir,
      saves,
      actor: { id: staff.id, name: staff.name || staff.email, email: staff.email },
      requestUrl: new URL("/api/keystatic/update", c.req.url).toString(),
    });
    if (!outcome.ok) {
      const problems = outcome.written.length
        ? outcome.refused.map((r) => ({ fieldId, message: t.stoppedAfter(outcome.written.join(", "), r.unit, r.reason) }))
        : outcome.refused.map((r) => ({ fieldId, message: t.refusedUnit(r.unit, r.reason) }));
      return page(c, { problems, status: outcome.written.length ? 503 : 422 });
    }
    return c.redirect(`${staffPaths.translations}?imported=${outcome.written.length}`, 303);
  });
}
