import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serverSettingsFile } from "../../app/lib/contracts/server-settings";
import { replyTemplatesFrom } from "./reply-templates";

describe("reply templates", () => {
  it("are read from the served build's server settings; none without the file, entries without a name or text left out", async () => {
    const root = await mkdtemp(join(tmpdir(), "ssl-templates-"));
    const clientDir = join(root, "client");
    await mkdir(clientDir, { recursive: true });
    expect(await replyTemplatesFrom(clientDir)).toEqual([]);
    await writeFile(
      join(root, serverSettingsFile),
      JSON.stringify({ replyTemplates: [{ name: " Thanks ", text: "Dear {name}" }, { name: "", text: "x" }, { name: "Empty", text: " " }, "junk"] }),
    );
    expect(await replyTemplatesFrom(clientDir)).toEqual([{ name: "Thanks", text: "Dear {name}" }]);
    await rm(root, { recursive: true, force: true });
  });

  it("are offered in a lead's language where the build has them, else in English (decision 0164)", async () => {
    const root = await mkdtemp(join(tmpdir(), "ssl-templates-"));
    const clientDir = join(root, "client");
    await mkdir(clientDir, { recursive: true });
    await writeFile(
      join(root, serverSettingsFile),
      JSON.stringify({
        replyTemplates: [{ name: "Thanks", text: "Dear {name}" }],
        replyTemplatesIn: { de: [{ name: "Danke", text: "Guten Tag {name}" }] },
      }),
    );
    expect(await replyTemplatesFrom(clientDir, "de")).toEqual([{ name: "Danke", text: "Guten Tag {name}" }]);
    expect(await replyTemplatesFrom(clientDir, "fr")).toEqual([{ name: "Thanks", text: "Dear {name}" }]);
    expect(await replyTemplatesFrom(clientDir, "en")).toEqual([{ name: "Thanks", text: "Dear {name}" }]);
    await rm(root, { recursive: true, force: true });
  });
});
