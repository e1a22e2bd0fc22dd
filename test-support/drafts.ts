import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ensurePublishedTree } from "../scripts/start-build.mjs";

/**
 * The two trees of decision 0159 as a drafts test starts them: a phone number and an FAQ answer
 * published (the published tree made as `npm start` makes it), then the editor's drafts of both
 * in the working copy (a new number, a new answer).
 */
export async function draftedPhoneAndAnswer(working: string, published: string): Promise<void> {
  for (const tree of [working, published]) await rm(tree, { recursive: true, force: true });
  await mkdir(join(working, "faq"), { recursive: true });
  await writeFile(join(working, "site.yaml"), "phone: +880 2 5555 0100\n");
  await writeFile(join(working, "faq/moq.yaml"), "question: What is the MOQ?\nanswer: It depends.\n");
  ensurePublishedTree(working, published);
  await writeFile(join(working, "site.yaml"), "phone: +880 2 5555 0177\n");
  await writeFile(join(working, "faq/moq.yaml"), "question: What is the MOQ?\nanswer: 300 pieces.\n");
}
