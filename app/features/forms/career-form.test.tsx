import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WithMessages, withWords } from "../../../test-support/messages";
import { forms } from "~/lib/contracts/constants";
import { localMailIds } from "~/lib/contracts/form-endpoint";
import { notResumeSamples, resumeSamples } from "../../../test-support/resume-samples";
import { settle, settleUntil } from "../../../test-support/settle";
import { CareerForm } from "./career-form";

const fast = { minFillMs: 0 };
const resumeFile = (bytes: number, name = "resume.pdf") => new File([new Uint8Array(bytes).fill(65)], name, { type: "application/pdf" });

const typed = { name: "Rahim Uddin", email: "rahim@example.com", phone: "+880 1711-000000", position: "Merchandiser", coverLetter: "Five years in knitwear." };

afterEach(() => vi.useRealTimers());

async function fillIn(file?: File) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Name"), typed.name);
  await user.type(screen.getByLabelText("Email"), typed.email);
  await user.type(screen.getByLabelText("Phone"), typed.phone);
  await user.type(screen.getByLabelText("Position"), typed.position);
  await user.type(screen.getByLabelText("Cover letter (optional)"), typed.coverLetter);
  if (file) await user.upload(screen.getByLabelText("Resume"), file);
  return user;
}

/** The whole form still holds what was typed and chosen. */
function expectKept(fileName: string) {
  expect(screen.getByLabelText("Name")).toHaveValue(typed.name);
  expect(screen.getByLabelText("Email")).toHaveValue(typed.email);
  expect(screen.getByLabelText("Phone")).toHaveValue(typed.phone);
  expect(screen.getByLabelText("Position")).toHaveValue(typed.position);
  expect(screen.getByLabelText("Cover letter (optional)")).toHaveValue(typed.coverLetter);
  expect(screen.getByLabelText<HTMLInputElement>("Resume").files?.[0]?.name).toBe(fileName);
}

const failureMessage = "Error sending application. Please try again.";

// How a send may end other than in success; each must end in the failure message.
const failures: [string, () => Promise<Response>][] = [
  ["451 Unavailable For Headless Browser", async () => new Response("Unavailable For Headless Browser", { status: 451 })],
  ["403 Forbidden", async () => new Response("Forbidden", { status: 403 })],
  ["429 Too Many Requests", async () => new Response("Too Many Requests", { status: 429 })],
  ["network error (status 0)", () => Promise.reject(new TypeError("Failed to fetch"))],
];

describe("CareerForm", () => {
  it("has the fields with their types, the resume required", () => {
    render(<CareerForm />, withWords);
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Phone")).toHaveAttribute("type", "tel");
    expect(screen.getByLabelText("Resume")).toBeRequired();
    expect(screen.getByLabelText("Cover letter (optional)")).not.toBeRequired();
  });

  it("says in one sentence, inside the form, how long the application is kept and why", () => {
    render(<CareerForm />, withWords);
    const form = screen.getByRole("form");
    expect(form).toHaveTextContent(
      "We keep your application and resume for 180 days so that we can consider you for this and similar positions, then delete them automatically.",
    );
  });

  it("refuses a file over 50KB with the message and does not take it; 50KB exactly is taken", async () => {
    render(<CareerForm headingLevel={2} />, withWords);
    const user = userEvent.setup();
    const input = screen.getByLabelText<HTMLInputElement>("Resume");
    await user.upload(input, resumeFile(50 * 1024 + 1));
    expect(screen.getByRole("alert")).toHaveTextContent("File size exceeds 50KB. Please upload a smaller file.");
    expect(input.files).toHaveLength(0);
    expect(input).toHaveAttribute("aria-invalid", "true");

    await user.upload(input, resumeFile(50 * 1024, "ok.pdf"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("File size exceeds 50KB. Please upload a smaller file.")).toBeNull();
    expect(input.files).toHaveLength(1);
    expect(input.files?.[0]?.name).toBe("ok.pdf");
  });

  it("offers only the resume types in the file picker", () => {
    render(<CareerForm />, withWords);
    const accept = screen.getByLabelText("Resume").getAttribute("accept")?.split(",");
    expect(accept).toEqual(expect.arrayContaining([".pdf", ".doc", ".docx", ".odt", ".rtf", ".txt", ".jpg", ".png"]));
    expect(screen.getByLabelText("Resume")).toHaveAccessibleDescription(expect.stringContaining("PDF, DOC, DOCX, ODT, RTF, TXT, JPEG or PNG"));
  });

  it("refuses a program named resume.pdf at once with the message naming the accepted types, and does not take it", async () => {
    render(<CareerForm />, withWords);
    const user = userEvent.setup();
    const input = screen.getByLabelText<HTMLInputElement>("Resume");
    await user.upload(input, new File([notResumeSamples.elf], "resume.pdf", { type: "application/pdf" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This file type is not accepted. Please upload your resume as PDF, DOC, DOCX, ODT, RTF, TXT, JPEG or PNG.",
    );
    expect(input.files).toHaveLength(0);
    expect(input).toHaveAttribute("aria-invalid", "true");

    await user.upload(input, new File([resumeSamples.docx], "resume.docx"));
    await vi.waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(input.files).toHaveLength(1);
  });

  it("refuses on submit a program chosen before hydration (no change event seen), sending nothing", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<CareerForm sendOptions={fast} />, withWords);
    await fillIn();
    const input = screen.getByLabelText<HTMLInputElement>("Resume");
    Object.defineProperty(input, "files", { configurable: true, value: [new File([notResumeSamples.exe], "resume\u202Efdp.exe")] });
    Object.defineProperty(input, "value", {
      configurable: true,
      get: () => "C:\\fakepath\\resume.exe",
      set: () => Object.defineProperty(input, "files", { value: [] }),
    });
    fireEvent.submit(input.form!);
    expect(await screen.findByRole("alert")).toHaveTextContent("This file type is not accepted.");
    expect(input).toHaveFocus();
    expect(input.files).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses on submit a file over 50KB chosen before hydration (no change event seen), sending nothing", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<CareerForm sendOptions={fast} />, withWords);
    await fillIn();
    const input = screen.getByLabelText<HTMLInputElement>("Resume");
    Object.defineProperty(input, "files", { configurable: true, value: [resumeFile(50 * 1024 + 1)] });
    // As if the browser's value were set: input.value = "" afterwards is what clears it.
    Object.defineProperty(input, "value", {
      configurable: true,
      get: () => "C:\\fakepath\\resume.pdf",
      set: () => Object.defineProperty(input, "files", { value: [] }),
    });
    fireEvent.submit(input.form!);
    expect(await screen.findByRole("alert")).toHaveTextContent("File size exceeds 50KB. Please upload a smaller file.");
    expect(input).toHaveFocus();
    expect(input.files).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Please upload your resume.' on submit without a file and sends nothing", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<CareerForm headingLevel={2} sendOptions={fast} />, withWords);
    const user = await fillIn();
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Please upload your resume.")).toBeVisible();
    expect(screen.getByLabelText("Resume")).toHaveAccessibleDescription(expect.stringContaining("Please upload your resume."));
    expect(screen.getByLabelText("Resume")).toBeRequired();
    expect(screen.getByLabelText("Name")).toHaveValue(typed.name);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Please upload your resume.' when the browser finds no file on submit", () => {
    render(<CareerForm />, withWords);
    fireEvent.invalid(screen.getByLabelText("Resume"));
    expect(screen.getByRole("alert")).toHaveTextContent("Please upload your resume.");
    expect(screen.getByLabelText("Resume")).toHaveAccessibleDescription(expect.stringContaining("Please upload your resume."));
  });

  it("sends exactly the seven template parameters with the career template, shows 'Sending...', then success with a check mark and clears the form", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    let answer!: (r: Response) => void;
    const fetch = vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<CareerForm headingLevel={2} sendOptions={fast} />, withWords);
    const user = await fillIn(resumeFile(3, "cv.pdf"));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const body = JSON.parse(String(fetch.mock.calls[0]![1]?.body));
    expect(body).toMatchObject({ user_id: localMailIds.publicKey, service_id: localMailIds.serviceId, template_id: localMailIds.templates.career });
    expect(body.template_params).toEqual({
      ...typed,
      attachment: `data:application/pdf;base64,${btoa("AAA")}`,
      attachment_filename: "cv.pdf",
    });
    answer(new Response("OK"));

    expect(await screen.findByText("Application sent successfully!")).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("✓");
    expect(screen.getByRole("status")).toHaveTextContent("Application sent successfully!");
    expect(screen.getByText("Application sent successfully!").closest("p")).toHaveClass("text-green-800");
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Cover letter (optional)")).toHaveValue("");
    expect(screen.getByLabelText<HTMLInputElement>("Resume").files).toHaveLength(0);
  });

  it.each(failures)("ends a %s in the failure message and keeps the whole form, file included", async (_, answer) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockImplementation(answer);
    render(<CareerForm headingLevel={2} sendOptions={fast} />, withWords);
    const user = await fillIn(resumeFile(10, "cv.pdf"));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    expect(await screen.findByText(failureMessage)).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(/^Error sending application\. Please try again\.$/);
    expect(screen.getByText(failureMessage)).toHaveClass("text-red-700");
    expectKept("cv.pdf");
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/career form: sending failed/));
  });

  // The browser's `required` takes a lone U+200B; the site's endpoint answers 400 and stores nothing
  // (server/intake/emailjs.test.ts): the form says so and keeps everything.
  it("a name of only a zero-width space, refused by the endpoint, ends in the failure message with the form kept, file included", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("Bad Request: name: is required", { status: 400 }));
    render(<CareerForm headingLevel={2} sendOptions={fast} />, withWords);
    const user = await fillIn(resumeFile(10, "cv.pdf"));
    await user.clear(screen.getByLabelText("Name"));
    await user.type(screen.getByLabelText("Name"), "\u200B");
    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    expect(await screen.findByText(failureMessage)).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(/^Error sending application\. Please try again\.$/);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body)).template_params.name).toBe("\u200B");
    expect(screen.getByLabelText("Name")).toHaveValue("\u200B");
    expect(screen.getByLabelText("Position")).toHaveValue(typed.position);
    expect(screen.getByLabelText<HTMLInputElement>("Resume").files?.[0]?.name).toBe("cv.pdf");
  });

  it("ends a send with no answer after 15 s in the failure message and keeps the form", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await import("@emailjs/browser"); // loaded, as the first interaction does, before the clock stops
    const fetch = vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    render(<CareerForm headingLevel={2} />, withWords);
    await fillIn(resumeFile(10, "cv.pdf"));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    // Past the minimum fill time: from here only the test moves the clock.
    await vi.advanceTimersByTimeAsync(forms.minFillMs + 5_000);
    fireEvent.click(screen.getByRole("button", { name: "Submit Application" }));
    await settleUntil(() => fetch.mock.calls.length > 0, "the send");
    expect(fetch).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(14_000);
    await settle();
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent(/^$/);
    await vi.advanceTimersByTimeAsync(1_500);
    await settleUntil(() => screen.getByRole("status").textContent !== "", "the failure message");
    expect(screen.getByRole("status")).toHaveTextContent(/^Error sending application\. Please try again\.$/);
    expectKept("cv.pdf");
  });
});

describe("CareerForm for a job", () => {
  it("has the job's title in Position, still editable, and an empty Position without one", async () => {
    const { unmount } = render(<CareerForm position="SAMPLE Senior Merchandiser, Knitwear" />, withWords);
    const position = screen.getByLabelText<HTMLInputElement>("Position");
    expect(position).toHaveValue("SAMPLE Senior Merchandiser, Knitwear");
    expect(position).toHaveAttribute("value", "SAMPLE Senior Merchandiser, Knitwear"); // in the HTML: works without JavaScript
    expect(position).toBeRequired();
    const user = userEvent.setup();
    await user.clear(position);
    await user.type(position, "Merchandiser");
    expect(position).toHaveValue("Merchandiser");
    unmount();

    render(<CareerForm />, withWords);
    expect(screen.getByLabelText("Position")).toHaveValue("");
  });
});

// The form on a German page (decision 0160): its words German, marked German inside the page's
// untranslated (English) content; its heading and intro are content, not yet translated.
describe("CareerForm on a German page", () => {
  const german = { wrapper: ({ children }: { children: ReactNode }) => <WithMessages code="de">{children}</WithMessages> };

  it("labels its fields, hint and button in German, in the page's language", () => {
    render(<CareerForm />, german);
    for (const label of ["Name", "E-Mail", "Telefon", "Position", "Anschreiben (optional)", "Lebenslauf"]) {
      expect(screen.getByLabelText(label).closest("[lang]")).toHaveAttribute("lang", "de");
    }
    expect(screen.getByLabelText("Lebenslauf")).toHaveAccessibleDescription(expect.stringContaining("PDF, DOC, DOCX, ODT, RTF, TXT, JPEG oder PNG"));
    expect(screen.getByRole("button", { name: "Bewerbung senden" })).toHaveAttribute("lang", "de");
  });

  it("refuses a file over 50KB and asks for a missing resume in German", async () => {
    render(<CareerForm sendOptions={fast} />, german);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText("Lebenslauf"), resumeFile(50 * 1024 + 1));
    expect(screen.getByRole("alert")).toHaveTextContent("Die Datei ist größer als 50 KB. Bitte laden Sie eine kleinere Datei hoch.");
    fireEvent.invalid(screen.getByLabelText("Lebenslauf"));
    expect(screen.getByRole("alert")).toHaveTextContent("Bitte laden Sie Ihren Lebenslauf hoch.");
  });
});
