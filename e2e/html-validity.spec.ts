import { expect, test } from "@playwright/test";
import { checkPages, describeHtmlError, summarizeHtmlCheck } from "../scripts/test-setup/html-validator.mjs";

// Every prerendered page of the build under test is valid HTML by the W3C Nu HTML Checker (issue
// 43): the fixture's build, and the staff-edit check's build of the edited company content. One JVM
// for all pages (scripts/test-setup/html-validator.mjs); no browser, no server. Its time is printed.
test("every prerendered page is valid HTML (W3C Nu HTML Checker)", { tag: "@content" }, async () => {
  test.slow(); // a JVM beside two browsers on a small machine
  const check = await checkPages(process.env.CLIENT_DIR ?? "build/client");
  console.log(summarizeHtmlCheck(check));
  expect(check.pages.length).toBeGreaterThan(60);
  expect(check.errors.map(describeHtmlError)).toEqual([]);
});
