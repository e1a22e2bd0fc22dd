import type { Locator, Page } from "@playwright/test";
import { localMailIds } from "../app/lib/contracts/form-endpoint";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { notResumeSamples } from "../test-support/resume-samples";
import { emlContaining, interceptSend, isGreen, textRgb, uniqueToken } from "./mail-helpers";

const typed = {
  name: "Rahim Uddin",
  email: "rahim@example.com",
  phone: "+880 1711-000000",
  position: "Merchandiser",
  coverLetter: "Five years of knitwear merchandising.",
};
const resume = { name: "rahim-resume.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 Rahim's resume") };

async function fillCareer(page: Page, file = resume) {
  const form = page.getByRole("form", { name: "Apply to join our team" });
  await form.getByLabel("Name").fill(typed.name);
  await form.getByLabel("Email").fill(typed.email);
  await form.getByLabel("Phone").fill(typed.phone);
  await form.getByLabel("Position").fill(typed.position);
  await form.getByLabel("Cover letter (optional)").fill(typed.coverLetter);
  if (file) await form.getByLabel("Resume").setInputFiles(file);
  return form;
}

const chosenFileName = (form: Locator) => form.getByLabel("Resume").evaluate((el: HTMLInputElement) => el.files?.[0]?.name ?? null);

// The form's own checks and answers are app/features/forms/career-form.test.tsx's, on the same
// CareerForm (decision 0144): a file over 50KB refused and 50KB taken, "Please upload your resume."
// on a submit without a file, the four refusals of a send (451, 403, 429, a network error) and the
// send with no answer in 15 s, each keeping the whole form and its file, and a name of only U+200B
// (which the browser's `required` takes) ending in the failure message; the endpoint's 400 for that
// name, with nothing stored, is server/intake/emailjs.test.ts's. The failure message's red on the
// rendered page: e2e/contact.spec.ts, on the same FormStatus. Here: axe, the real endpoint refusing a
// program renamed resume.pdf, and a real file read and sent with the success's green.
test.describe("/career", () => {
  test("has the fields with their types and is axe clean", async ({ page }) => {
    await page.goto("/career");
    const form = page.getByRole("form", { name: "Apply to join our team" });
    await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Phone")).toHaveAttribute("type", "tel");
    for (const label of ["Name", "Email", "Phone", "Position", "Resume"]) {
      await expect(form.getByLabel(label)).toHaveAttribute("required", "");
    }
    await expect(form.getByLabel("Cover letter (optional)")).not.toHaveAttribute("required");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  // The resume's type is read from its content (decision 0031). No interception: the real endpoint
  // would store whatever got through.
  test("refuses a program renamed resume.pdf at once, naming the accepted types; it is not taken and nothing is stored", async ({ page }) => {
    const token = uniqueToken();
    const sends: string[] = [];
    page.on("request", (r) => r.url().includes("/api/v1.0/email/") && sends.push(r.url()));
    await page.goto("/career");
    const form = await fillCareer(page, { name: "resume.pdf", mimeType: "application/pdf", buffer: Buffer.from(notResumeSamples.elf) });
    await form.getByLabel("Cover letter (optional)").fill(`Five years. ${token}`);
    const message = "This file type is not accepted. Please upload your resume as PDF, DOC, DOCX, ODT, RTF, TXT, JPEG or PNG.";
    await expect(form.getByText(message)).toBeVisible();
    await expect(form.getByLabel("Resume")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Resume")).toHaveAttribute("accept", /\.pdf,.*\.docx/);
    expect(await chosenFileName(form)).toBeNull();

    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(form.getByText("Please upload your resume.")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue(typed.name);
    expect(sends).toEqual([]);
    expect(await emlContaining(token)).toEqual([]);
  });

  test("sends the seven template parameters, then success with a check mark, and clears the form", async ({ page }) => {
    const send = await interceptSend(page, "hold");
    await page.goto("/career");
    const form = await fillCareer(page);
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();

    const body = (await send.request).postDataJSON();
    expect(body).toMatchObject({ user_id: localMailIds.publicKey, service_id: localMailIds.serviceId, template_id: localMailIds.templates.career });
    expect(body.template_params).toEqual({
      ...typed,
      attachment: `data:application/pdf;base64,${resume.buffer.toString("base64")}`,
      attachment_filename: resume.name,
    });
    send.release();

    const status = form.getByRole("status");
    await expect(status).toContainText("Application sent successfully!");
    await expect(status).toContainText("✓");
    expect(isGreen(await textRgb(status.getByText("Application sent successfully!")))).toBe(true);
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(form.getByLabel("Cover letter (optional)")).toHaveValue("");
    expect(await chosenFileName(form)).toBeNull();
  });
});
