import { cp, mkdtemp, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureContentDir } from "../../../fixtures/fixture-content";
import { ContentError, readSiteContent } from "./site-content.server";

// The languages (content/locales.yaml) and the interface's words per language (content/messages/),
// decision 0160: a word missing in any language stops the build, naming the file and the field.

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function copyOfContent(): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), "messages-"));
  temps.push(parent);
  const dir = join(parent, "content");
  await cp(fixtureContentDir, dir, { recursive: true });
  return dir;
}

async function edit(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file);
  const before = await readFile(path, "utf8");
  const after = change(before);
  expect(after).not.toBe(before);
  await writeFile(path, after);
}

async function problemsOf(dir: string): Promise<string[]> {
  const error = await readSiteContent(dir).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).problems;
}

describe("the site's languages and their interface words", () => {
  it("reads every listed language, the default first, with its own words", async () => {
    const { locales, messages, modules } = await readSiteContent();
    expect(locales.map((l) => [l.code, l.name, l.dir])).toEqual([
      ["en", "English", "ltr"],
      ["de", "Deutsch", "ltr"],
    ]);
    expect(modules.locales).toEqual(locales);
    expect(Object.keys(messages)).toEqual(["en", "de"]);
    expect(messages.en!.contactForm.email).toBe("Email");
    expect(messages.de!.contactForm.email).toBe("E-Mail");
    expect(messages.de!.header.mainMenu).toBe("Hauptmenü");
  });

  it("stops on a word missing in one language, naming the file and the field", async () => {
    const dir = await copyOfContent();
    await edit(dir, "messages/de.yaml", (t) => t.replace(/ {2}subject: .*\n/, ""));
    expect(await problemsOf(dir)).toContainEqual(expect.stringMatching(/^content\/messages\/de\.yaml: contactForm\.subject: /));
  });

  it("gives each language's pages the menu and footer links in its words, the gallery families' names as they are", async () => {
    const { modules } = await readSiteContent();
    const german = modules.messages.de!.navigation;
    expect(german.menu.map((item) => item.label)).toContain("UNTERNEHMEN");
    const gallery = german.menu.find((item) => item.label === "PRODUKTGALERIE");
    expect(gallery && "children" in gallery ? gallery.children.map((c) => c.label) : []).toEqual(
      modules.messages.en!.navigation.menu.flatMap((item) => (item.label === "PRODUCT GALLERY" && "children" in item ? item.children.map((c) => c.label) : [])),
    );
    expect(german.quickView.map((l) => l.label)).toContain("F&E");
    expect(modules.messages.en!.navigation.menu[0]!.label).toBe("HOME");
  });

  it("stops on a menu label without its translation, naming the file and the label", async () => {
    const dir = await copyOfContent();
    await edit(dir, "messages/de.yaml", (t) => t.replace("  - english: QUALITY\n    label: QUALITÄT\n", ""));
    expect(await problemsOf(dir)).toContain('content/messages/de.yaml: menu: no label for "QUALITY" (Menu and footer links); add it in this language');
  });

  it("stops on a listed language without its words, and on words of a language not listed", async () => {
    const dir = await copyOfContent();
    await unlink(join(dir, "messages/de.yaml"));
    await writeFile(join(dir, "messages/it.yaml"), await readFile(join(dir, "messages/en.yaml"), "utf8"));
    const problems = await problemsOf(dir);
    expect(problems).toContainEqual(expect.stringMatching(/^content\/messages\/de\.yaml: file missing/));
    expect(problems).toContainEqual(expect.stringMatching(/^content\/messages\/it\.yaml: not a language of content\/locales\.yaml/));
  });

  it("keeps the specification's English words word for word in the default language only", async () => {
    const dir = await copyOfContent();
    await edit(dir, "messages/en.yaml", (t) => t.replace("  email: Email\n", "  email: E-mail address\n"));
    expect(await problemsOf(dir)).toContain('content/messages/en.yaml: contactForm.email: must be exactly "Email" (fixed by the specification)');
  });

  it("refuses a language listed twice", async () => {
    const dir = await copyOfContent();
    await edit(dir, "locales.yaml", (t) => `${t}  - code: de\n    name: Deutsch\n    dir: ltr\n    ogLocale: de_DE\n`);
    expect(await problemsOf(dir)).toContain('content/locales.yaml: locales: "de" is listed twice');
  });

  it("refuses a code that cannot be an address's first segment", async () => {
    const dir = await copyOfContent();
    await edit(dir, "locales.yaml", (t) => `${t}  - code: German\n    name: Deutsch\n    dir: ltr\n    ogLocale: de_DE\n`);
    expect(await problemsOf(dir)).toContainEqual(expect.stringMatching(/^content\/locales\.yaml: locales\.2\.code: Language code must be like de, fr or pt-br/));
  });
});
