import type { Locator, Page } from "@playwright/test";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { notResumeSamples } from "../test-support/resume-samples";
import { emlContaining, uniqueToken } from "./mail-helpers";

// The contact and career forms at the first touch: with JavaScript off they post natively to the
// site's own endpoint (no interception: the real `npm start` server stores each message in its
// outbox) and land on prerendered result pages; with the site's scripts held back, what a visitor
// types before hydration survives it.

const contactForm = (page: Page) => page.getByRole("form", { name: "Get In Touch" });
const careerForm = (page: Page) => page.getByRole("form", { name: "Apply to join our team" });

async function fillContact(form: Locator, token: string, email = "ada@example.com") {
  await form.getByLabel("Name").fill("Ada Buyer");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Subject").fill(`Knitwear ${token}`);
  await form.getByLabel("Message").fill(`We need 5,000 sweaters. ${token}`);
}

const career = { name: "Rahim Uddin", email: "rahim@example.com", phone: "+880 1711-000000", position: "Merchandiser" };

async function fillCareer(form: Locator, token: string, resume: { name: string; mimeType: string; buffer: Buffer }) {
  await form.getByLabel("Name").fill(career.name);
  await form.getByLabel("Email").fill(career.email);
  await form.getByLabel("Phone").fill(career.phone);
  await form.getByLabel("Position").fill(career.position);
  await form.getByLabel("Cover letter (optional)").fill(`Five years of knitwear. ${token}`);
  await form.getByLabel("Resume").setInputFiles(resume);
}

/** Exactly one stored message holds the token, and it stays one (no late duplicate). */
async function expectStoredOnce(token: string): Promise<string> {
  await expect.poll(async () => (await emlContaining(token)).length).toBe(1);
  const [eml] = await emlContaining(token);
  return eml!;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form sends: 303 to 'Message sent successfully!', one .eml, nothing typed in the URL", async ({ page }) => {
    const token = uniqueToken();
    await page.goto("/contact");
    const form = contactForm(page);
    await fillContact(form, token);
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(page).toHaveURL(/\/contact\/sent$/);
    await expect(page.getByRole("heading", { level: 1, name: "Message sent" })).toBeVisible();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
    const eml = await expectStoredOnce(token);
    expect(eml).toMatch(/^Reply-To: Ada Buyer <ada@example\.com>$/m);
    expect(eml).toContain(`We need 5,000 sweaters. ${token}`);
  });

  test("the home page's Get In Touch form sends too", async ({ page }) => {
    const token = uniqueToken();
    await page.goto("/");
    await fillContact(contactForm(page), token);
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\/sent$/);
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
    await expectStoredOnce(token);
  });

  test("a job application with its resume sends: 303 to 'Application sent successfully!', one .eml with the file", async ({ page }) => {
    const token = uniqueToken();
    const resume = { name: "rahim-resume.pdf", mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4 Rahim's resume ${token}`) };
    await page.goto("/career");
    const form = careerForm(page);
    await fillCareer(form, token, resume);
    await form.getByRole("button", { name: "Submit Application" }).click();

    await expect(page).toHaveURL(/\/career\/sent$/);
    await expect(page.getByText("Application sent successfully!")).toBeVisible();
    const eml = await expectStoredOnce(token);
    expect(eml).toMatch(/^Subject: Job application: Merchandiser \(from Rahim Uddin\)$/m);
    expect(eml).toMatch(/Content-Disposition: attachment; filename=rahim-resume\.pdf/);
    expect(eml).toContain(resume.buffer.toString("base64"));
  });

  test("a bad field is named on a page that says going back keeps the input, and going back does", async ({ page }) => {
    const token = uniqueToken();
    await page.goto("/contact");
    // The browser's own e-mail check takes "ada@example"; the server wants a domain with a dot.
    await fillContact(contactForm(page), token, "ada@example");
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();

    await expect(page).toHaveURL(/\/contact\/not-sent\/email$/);
    expect(page.url()).not.toContain(token);
    expect(page.url()).not.toContain("ada");
    await expect(page.getByRole("heading", { level: 1, name: "Message not sent" })).toBeVisible();
    await expect(page.getByText(/^Email: please enter a complete e-mail address/)).toBeVisible();
    await expect(page.getByText(/Back button: the form still holds everything you typed/)).toBeVisible();
    expect(await emlContaining(token)).toEqual([]);

    await page.goBack();
    await expect(page).toHaveURL(/\/contact$/);
    const form = contactForm(page);
    await expect(form.getByLabel("Name")).toHaveValue("Ada Buyer");
    await expect(form.getByLabel("Email")).toHaveValue("ada@example");
    await expect(form.getByLabel("Subject")).toHaveValue(`Knitwear ${token}`);
    await expect(form.getByLabel("Message")).toHaveValue(`We need 5,000 sweaters. ${token}`);
  });

  test("a resume over 50KB gets the SPEC message and the application is not stored", async ({ page }) => {
    const token = uniqueToken();
    const big = { name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(50 * 1024 + 1, 65) };
    await page.goto("/career");
    await fillCareer(careerForm(page), token, big);
    await careerForm(page).getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/career\/not-sent\/too-large$/);
    await expect(page.getByText("File size exceeds 50KB. Please upload a smaller file.")).toBeVisible();
    await page.goBack();
    await expect(careerForm(page).getByLabel("Position")).toHaveValue(career.position);
    expect(await emlContaining(token)).toEqual([]);
  });

  // Decision 0031: the file's content decides, not its name or declared type.
  test("a program renamed resume.pdf lands on a page naming the accepted types and is not stored", async ({ page }) => {
    const token = uniqueToken();
    const program = { name: "resume.pdf", mimeType: "application/pdf", buffer: Buffer.from(notResumeSamples.elf) };
    await page.goto("/career");
    await expect(careerForm(page).getByLabel("Resume")).toHaveAttribute("accept", /\.pdf,.*\.docx/);
    await fillCareer(careerForm(page), token, program);
    await careerForm(page).getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/career\/not-sent\/resume-type$/);
    await expect(page.getByRole("heading", { level: 1, name: "Application not sent" })).toBeVisible();
    await expect(
      page.getByText("Resume: this file type is not accepted. Please upload your resume as PDF, DOC, DOCX, ODT, RTF, TXT, JPEG or PNG."),
    ).toBeVisible();
    await page.goBack();
    await expect(careerForm(page).getByLabel("Position")).toHaveValue(career.position);
    expect(await emlContaining(token)).toEqual([]);
  });

  // The browser's `required` takes a lone U+200B; the server names the field.
  test("a name of only a zero-width space lands on the name's page and is not stored", async ({ page }) => {
    const token = uniqueToken();
    await page.goto("/contact");
    const form = contactForm(page);
    await fillContact(form, token);
    await form.getByLabel("Name").fill("\u200B");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\/not-sent\/name$/);
    await expect(page.getByText("Name: please enter your name, on one line, at most 120 characters.")).toBeVisible();
    expect(await emlContaining(token)).toEqual([]);
  });
});

// axe runs in the page, so it needs JavaScript: the result pages are checked with it on.
for (const path of ["/contact/sent", "/career/sent", "/contact/not-sent/email", "/career/not-sent/too-large", "/career/not-sent/resume-type"]) {
  test(`the result page ${path} is axe clean`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}

// Decision 0166: a German post lands on its German page (decision 0164's redirect), its words its route's loader data.
for (const [path, heading, text] of [
  ["/de/contact/sent", "Nachricht gesendet", "Ihre Nachricht wurde erfolgreich gesendet."],
  ["/de/quote/not-sent/email", "Angebotsanfrage nicht gesendet", "Geben Sie eine geschäftliche E-Mail-Adresse ein, etwa name@firma.de."],
] as const) {
  test(`the German result page ${path} is German, hydrated and axe clean`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test.describe("with the site's scripts held back", () => {
  /** Holds every /assets/*.js request until release(): the page is prerendered HTML, not hydrated. */
  async function holdScripts(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await released;
      await route.continue().catch(() => {}); // the page may have gone (a native post)
    });
    return release;
  }

  const hydrated = (page: Page) => page.locator("html[data-hydrated]");

  test("typing before hydration is kept, with the focus and the chosen file, when the page hydrates", async ({ page }) => {
    const release = await holdScripts(page);
    // The shared goto waits for hydration: start it, act while the scripts are held, then release.
    const navigated = page.goto("/career");
    const form = careerForm(page);
    await form.getByLabel("Name").fill(career.name);
    await form.getByLabel("Resume").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 cv") });
    const letter = form.getByLabel("Cover letter (optional)");
    await letter.pressSequentially("I started typing before the scripts");
    await expect(form.getByRole("button", { name: "Submit Application" })).toBeEnabled();
    await expect(hydrated(page)).toHaveCount(0);

    release();
    await navigated;
    await expect(hydrated(page)).toHaveCount(1);
    await expect(form.getByLabel("Name")).toHaveValue(career.name);
    await expect(letter).toHaveValue("I started typing before the scripts");
    await expect(letter).toBeFocused();
    expect(await form.getByLabel("Resume").evaluate((el: HTMLInputElement) => el.files?.[0]?.name)).toBe("cv.pdf");
    await page.keyboard.type(" arrived.");
    await expect(letter).toHaveValue("I started typing before the scripts arrived.");
  });

  test("the contact form typed into before hydration keeps its text and focus", async ({ page }) => {
    const release = await holdScripts(page);
    const navigated = page.goto("/contact");
    const form = contactForm(page);
    await form.getByLabel("Name").fill("Ada Buyer");
    const message = form.getByLabel("Message");
    await message.pressSequentially("Half a sentence");
    await expect(hydrated(page)).toHaveCount(0);

    release();
    await navigated;
    await expect(hydrated(page)).toHaveCount(1);
    await expect(form.getByLabel("Name")).toHaveValue("Ada Buyer");
    await expect(message).toHaveValue("Half a sentence");
    await expect(message).toBeFocused();
  });

  test("pressing Send before the scripts arrive posts natively and the message is stored once", async ({ page }) => {
    const token = uniqueToken();
    await holdScripts(page);
    void page.goto("/contact").catch(() => {}); // never hydrates here: the post navigates away first
    const form = contactForm(page);
    await fillContact(form, token);
    await expect(hydrated(page)).toHaveCount(0);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\/sent$/);
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
    await expectStoredOnce(token);
  });
});
