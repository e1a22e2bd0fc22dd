import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serverSettingsFile, type ReplyTemplate } from "../../app/lib/contracts/server-settings";

/**
 * The studio's reply templates the served build was made with (its server-settings.json, written by
 * the build beside its client files): a save in the studio applies once it is published. None when
 * the file or the list is missing; entries without a name or text are left out.
 */
export async function replyTemplatesFrom(clientDir: string): Promise<ReplyTemplate[]> {
  const settings = await readFile(join(clientDir, "..", serverSettingsFile), "utf8")
    .then((text) => JSON.parse(text) as { replyTemplates?: unknown })
    .catch(() => ({ replyTemplates: undefined }));
  const list = Array.isArray(settings.replyTemplates) ? settings.replyTemplates : [];
  return list.flatMap((entry: unknown) => {
    const { name, text } = (entry ?? {}) as { name?: unknown; text?: unknown };
    return typeof name === "string" && name.trim() && typeof text === "string" && text.trim() ? [{ name: name.trim(), text }] : [];
  });
}
