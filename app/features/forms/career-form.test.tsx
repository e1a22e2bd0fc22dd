import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notResumeSamples, resumeSamples } from "../../../test-support/resume-samples";
import { CareerForm } from "./career-form";

const fast = { minFillMs: 0 };
const resumeFile = (bytes: number, name = "resume.pdf") => new File([new Uint8Array(bytes).fill(65)], name, { type: "application/pdf" });

async function fillIn(file?: File) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Name"), "Rahim Uddin");
  await user.type(screen.getByLabelText("Email"), "rahim@example.com");
  await user.type(screen.getByLabelText("Phone"), "+880 1711-000000");
  await user.type(screen.getByLabelText("Position"), "Merchandiser");
  await user.type(screen.getByLabelText("Cover letter (optional)"), "Five years in knitwear.");
  if (file) await user.upload(screen.getByLabelText("Resume"), file);
  return user;
}

describe("CareerForm", () => {
  it("has the fields with their types, the resume required", () => {
    render(<CareerForm />);
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Phone")).toHaveAttribute("type", "tel");
    expect(screen.getByLabelText("Resume")).toBeRequired();
    expect(screen.getByLabelText("Cover letter (optional)")).not.toBeRequired();
  });

  it("says in one sentence, inside the form, how long the application is kept and why", () => {
    render(<CareerForm />);
    const form = screen.getByRole("form");
    expect(form).toHaveTextContent(
      "We keep your application and resume for 180 days so that we can consider you for this and similar positions, then delete them automatically.",
    );
  });

  it("refuses a file over 50KB with the message and does not take it", async () => {
    render(<CareerForm />);
    const user = userEvent.setup();
    const input = screen.getByLabelText<HTMLInputElement>("Resume");
    await user.upload(input, resumeFile(50 * 1024 + 1));
    expect(screen.getByRole("alert")).toHaveTextContent("File size exceeds 50KB. Please upload a smaller file.");
    expect(input.files).toHaveLength(0);
    expect(input).toHaveAttribute("aria-invalid", "true");

    await user.upload(input, resumeFile(50 * 1024));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(input.files).toHaveLength(1);
  });

  it("offers only the resume types in the file picker", () => {
    render(<CareerForm />);
    const accept = screen.getByLabelText("Resume").getAttribute("accept")?.split(",");
    expect(accept).toEqual(expect.arrayContaining([".pdf", ".doc", ".docx", ".odt", ".rtf", ".txt", ".jpg", ".png"]));
    expect(screen.getByLabelText("Resume")).toHaveAccessibleDescription(expect.stringContaining("PDF, DOC, DOCX, ODT, RTF, TXT, JPEG or PNG"));
  });

  it("refuses a program named resume.pdf at once with the message naming the accepted types, and does not take it", async () => {
    render(<CareerForm />);
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
    render(<CareerForm sendOptions={fast} />);
    await fillIn();
    const input = screen.getByLabelText<HTMLInputElement>("Resume");
    Object.defineProperty(input, "files", { configurable: true, value: [new File([notResumeSamples.exe], "resume\u202Efdp.exe")] });
    Object.defineProperty(input, "value", { configurable: true, get: () => "C:\\fakepath\\resume.exe", set: () => Object.defineProperty(input, "files", { value: [] }) });
    fireEvent.submit(input.form!);
    expect(await screen.findByRole("alert")).toHaveTextContent("This file type is not accepted.");
    expect(input).toHaveFocus();
    expect(input.files).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses on submit a file over 50KB chosen before hydration (no change event seen), sending nothing", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<CareerForm sendOptions={fast} />);
    await fillIn();
    const input = screen.getByLabelText<HTMLInputElement>("Resume");
    Object.defineProperty(input, "files", { configurable: true, value: [resumeFile(50 * 1024 + 1)] });
    // As if the browser's value were set: input.value = "" afterwards is what clears it.
    Object.defineProperty(input, "value", { configurable: true, get: () => "C:\\fakepath\\resume.pdf", set: () => Object.defineProperty(input, "files", { value: [] }) });
    fireEvent.submit(input.form!);
    expect(await screen.findByRole("alert")).toHaveTextContent("File size exceeds 50KB. Please upload a smaller file.");
    expect(input).toHaveFocus();
    expect(input.files).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Please upload your resume.' when the browser finds no file on submit", () => {
    render(<CareerForm />);
    fireEvent.invalid(screen.getByLabelText("Resume"));
    expect(screen.getByRole("alert")).toHaveTextContent("Please upload your resume.");
    expect(screen.getByLabelText("Resume")).toHaveAccessibleDescription(expect.stringContaining("Please upload your resume."));
  });

  it("sends exactly the seven template parameters, then shows success with a check mark and clears the form", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("OK"));
    render(<CareerForm sendOptions={fast} />);
    const user = await fillIn(resumeFile(3, "cv.pdf"));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    expect(await screen.findByText("Application sent successfully!")).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("✓");
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body)).template_params).toEqual({
      name: "Rahim Uddin",
      email: "rahim@example.com",
      phone: "+880 1711-000000",
      position: "Merchandiser",
      coverLetter: "Five years in knitwear.",
      attachment: `data:application/pdf;base64,${btoa("AAA")}`,
      attachment_filename: "cv.pdf",
    });
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText<HTMLInputElement>("Resume").files).toHaveLength(0);
  });

  it("keeps the whole form, chosen file included, when sending fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    render(<CareerForm sendOptions={fast} />);
    const user = await fillIn(resumeFile(10, "cv.pdf"));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));

    expect(await screen.findByText("Error sending application. Please try again.")).toBeVisible();
    expect(screen.getByLabelText("Name")).toHaveValue("Rahim Uddin");
    expect(screen.getByLabelText("Position")).toHaveValue("Merchandiser");
    expect(screen.getByLabelText("Cover letter (optional)")).toHaveValue("Five years in knitwear.");
    expect(screen.getByLabelText<HTMLInputElement>("Resume").files?.[0]?.name).toBe("cv.pdf");
  });
});

describe("CareerForm for a job", () => {
  it("has the job's title in Position, still editable, and an empty Position without one", async () => {
    const { unmount } = render(<CareerForm position="SAMPLE Senior Merchandiser, Knitwear" />);
    const position = screen.getByLabelText<HTMLInputElement>("Position");
    expect(position).toHaveValue("SAMPLE Senior Merchandiser, Knitwear");
    expect(position).toHaveAttribute("value", "SAMPLE Senior Merchandiser, Knitwear"); // in the HTML: works without JavaScript
    expect(position).toBeRequired();
    const user = userEvent.setup();
    await user.clear(position);
    await user.type(position, "Merchandiser");
    expect(position).toHaveValue("Merchandiser");
    unmount();

    render(<CareerForm />);
    expect(screen.getByLabelText("Position")).toHaveValue("");
  });
});
