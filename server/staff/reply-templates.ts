import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serverSettingsFile, type ReplyTemplate } from "../../app/lib/contracts/server-settings";

/**
 * The studio's reply templates the served build was made with (its server-settings.json, written by
 * the build beside its client files): a save in the studio applies once it is published. None when
 * the file or the list is missing; entries without a name or text are left out. With `locale`, that
 * language's templates (decision 0164: the English one where a template has no translation), the
 * English ones for a language the build has none for.
 */
export async function replyTemplatesFrom(clientDir: string, locale?: string): Promise<ReplyTemplate[]> {
  const settings = await readFile(join(clientDir, "..", serverSettingsFile), "utf8")
    .then((text) => JSON.parse(text) as { replyTemplates?: unknown; replyTemplatesIn?: Record<string, unknown> })
    .catch(() => ({ replyTemplates: undefined, replyTemplatesIn: undefined }));
  const translated = locale && settings.replyTemplatesIn && Object.hasOwn(settings.replyTemplatesIn, locale) ? settings.replyTemplatesIn[locale] : undefined;
  const list = Array.isArray(translated) ? translated : Array.isArray(settings.replyTemplates) ? settings.replyTemplates : [];
  return list.flatMap((entry: unknown) => {
    const { name, text } = (entry ?? {}) as { name?: unknown; text?: unknown };
    return typeof name === "string" && name.trim() && typeof text === "string" && text.trim() ? [{ name: name.trim(), text }] : [];
  });
}
