import { describe, expect, it } from "vitest";
import { contentEntries } from "./content-entries";
import { FileChange, fileSchemaOf, type DiffFile } from "./history-diff";
import { studioConfig } from "./studio-config";

// Decision 0150: a save's changes read as fields, by the studio's labels ("Label: before → after"),
// added and removed fields and list items marked in words; long text by its words, a paragraph only
// re-wrapped no change.

const studio = { config: studioConfig, entries: contentEntries(studioConfig) };

/** The section a save's page shows for one changed text file. */
const shown = (path: string, beforeText: string | null, afterText: string | null) => {
  const file: DiffFile = { path, beforeText, afterText, beforePhoto: null, afterPhoto: null };
  return String(FileChange({ file, schema: fileSchemaOf(studio, path) }));
};

/** What a sighted reader sees (visually hidden words left out), and what a screen reader reads (all words). */
const seen = (html: string) =>
  html
    .replace(/<span class="visually-hidden">[^<]*<\/span>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ");
const read = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ");
/** The list items of the field list, each as seen. */
const items = (html: string) => [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => seen(m[1]!).trim());

const tshirt = `label: T-Shirt
order: 1
photos:
  - image: /media/gallery/men/tshirt/photos/0/image.webp
    title: Crew Neck Tee
  - image: /media/gallery/men/tshirt/photos/1/image.webp
    title: V-Neck Tee
specs:
  construction: jersey
  compositions:
    - 100% organic cotton
  fabricWeight: 160–200 GSM
  samples: Fixture samples in 7 days.
`;

describe("a save's changes as fields", () => {
  it("names a changed YAML field by its studio label, before → after, and marks fields and list items added or removed", () => {
    const after = tshirt
      .replace("title: V-Neck Tee", "title: Henley Tee")
      .replace("construction: jersey", "construction: woven")
      .replace("    - 100% organic cotton\n", "    - 100% organic cotton\n    - Recycled polyester\n")
      .replace("fabricWeight: 160–200 GSM", "fabricWeight: 180–220 GSM")
      .replace("  samples: Fixture samples in 7 days.\n", "")
      .replace("    title: Henley Tee\n", "    title: Henley Tee\n  - image: /media/gallery/men/tshirt/photos/2/image.webp\n    title: Pocket Tee\n");
    const html = shown("content/gallery/items/men/tshirt.yaml", tshirt, after);
    expect(items(html)).toEqual([
      "Photos item 2 › Title: V-Neck Tee → Henley Tee",
      "Added Photos item 3: Photo: /media/gallery/men/tshirt/photos/2/image.webp; Title: Pocket Tee",
      "Specifications › Construction: Jersey → Woven",
      "Added Specifications › Composition options: Recycled polyester",
      "Specifications › Fabric weight: 160–200 GSM → 180–220 GSM",
      "Removed Specifications › Samples: lead time and terms: Fixture samples in 7 days.",
    ]);
    // Not by colour alone: a screen reader hears which side is which.
    expect(read(html)).toContain("Specifications › Fabric weight: Before: 160–200 GSM → After: 180–220 GSM");
    expect(html).toMatch(/<del><span class="visually-hidden">Before: <\/span>160–200 GSM<\/del>/);
    expect(html).toMatch(/<ins><span class="visually-hidden">After: <\/span>180–220 GSM<\/ins>/);
  });

  it("falls back to the key path where the schema has no label", () => {
    const html = shown("content/unknown/thing.yaml", "colour:\n  name: red\n", "colour:\n  name: blue\n");
    expect(items(html)).toEqual(["colour › name: red → blue"]);
  });

  it("shows a Markdoc paragraph only re-wrapped as no change, and says the words are the same", () => {
    const before = "---\nquestion: What is your MOQ?\norder: 1\n---\nOur minimum order is 500 pieces per colour,\nand smaller runs are possible on request.\n";
    const after = "---\nquestion: What is your MOQ?\norder: 1\n---\nOur minimum order is 500 pieces per colour, and smaller runs\nare possible   on request.\n";
    const html = shown("content/faq/moq.mdoc", before, after);
    expect(html).not.toContain("<del");
    expect(html).not.toContain("<ins");
    expect(seen(html)).toContain("Only spaces or line breaks changed: the words a reader sees are the same.");
  });

  it("shows a real change in a Markdoc body by its words, under its field's key (Keystatic keeps no label for a Markdoc field), with its header's fields by label", () => {
    const before = "---\nquestion: What is your MOQ?\norder: 1\n---\nFirst paragraph stays.\n\nLead time is 30 days\nfor most orders.\n";
    const after = "---\nquestion: What is your minimum order?\norder: 1\n---\nFirst paragraph stays.\n\nLead time is 45 days for\nmost orders.\n";
    const html = shown("content/faq/moq.mdoc", before, after);
    const [question, answer] = items(html);
    expect(question).toBe("Question: What is your MOQ? → What is your minimum order?");
    expect(answer).toBe("answer:1 unchanged paragraphLead time is 3045 days for most orders.");
    expect(html).toMatch(/<del><span class="visually-hidden">removed: <\/span>30<\/del><ins><span class="visually-hidden">added: <\/span>45<\/ins>/);
    expect(read(html)).toContain("Lead time is removed: 30added: 45 days for most orders.");
  });

  it("marks a paragraph added to a text", () => {
    const html = shown("content/faq/moq.mdoc", "---\nquestion: Why?\n---\nOne.\n", "---\nquestion: Why?\n---\nOne.\n\nTwo more words.\n");
    expect(items(html)).toEqual(["answer:1 unchanged paragraphAdded paragraph: Two more words."]);
  });
});
