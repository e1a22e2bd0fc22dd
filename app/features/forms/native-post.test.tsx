import { act, render, screen, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { CareerForm } from "./career-form";
import { ContactForm } from "./contact-form";
import { FormNotSentView, FormSentView, problemText } from "./form-result";
import { fieldOfProblem, formProblems } from "~/lib/contracts/form-results";
import { fieldMaxLength } from "~/lib/contracts/form-endpoint";
import { pagePaths } from "~/content/page-paths";
import { formResultsIn } from "~/content/form-results";
import { quoteIn } from "~/content/quote";
import { quoteChoicesIn } from "~/content/quote-choices";
import { QuoteForm } from "./quote/quote-form";
import { quoteOptions } from "./quote/quote-options.server";
import { messagesOf, WithMessages } from "../../../test-support/messages";

const { labels } = messagesOf();
const results = formResultsIn("en");
const problemOf = (form: "contact" | "career", problem: string) => problemText<string>(formProblems[form], results[form].notSent.problems, problem);

afterEach(() => document.body.replaceChildren());

/** The prerendered HTML, in the page as the browser has it before any script runs. */
function prerendered(element: React.ReactElement) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<WithMessages>{element}</WithMessages>);
  document.body.append(container);
  return container;
}

describe("forms before JavaScript", () => {
  it("the contact form posts natively to the site's own endpoint, its Send button enabled", () => {
    const html = prerendered(
      <WithMessages>
        <ContactForm />
      </WithMessages>,
    );
    const form = html.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/v1.0/email/form/contact");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("the contact form carries its page's language in a hidden field (decision 0164)", () => {
    const html = prerendered(
      <WithMessages code="de">
        <ContactForm />
      </WithMessages>,
    );
    expect(new FormData(html.querySelector("form")!).get("locale")).toBe("de");
  });

  it("the career form posts multipart (the resume as a file part), its Submit button enabled", () => {
    const html = prerendered(<CareerForm />);
    const form = html.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/v1.0/email/form/career");
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
    expect(screen.getByRole("button", { name: "Submit Application" })).toBeEnabled();
  });

  it("each form links to the privacy notice right before its send button, in a new tab", () => {
    const forms = [
      <WithMessages key="c">
        <ContactForm />
      </WithMessages>,
      <CareerForm key="j" />,
      <QuoteForm key="q" words={quoteIn("en")} options={quoteOptions(quoteIn("en"), quoteChoicesIn("en"))} />,
    ];
    for (const form of forms) {
      const html = prerendered(form);
      const link = within(html).getByRole("link", { name: labels.formPrivacy.link });
      expect(link).toHaveAttribute("href", pagePaths.privacy);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
      expect(link.closest("p")).toHaveTextContent(labels.formPrivacy.text);
      expect(link.closest("p")!.nextElementSibling).toBe(within(html).getByRole("button", { name: /Send|Submit/ }));
      html.remove();
    }
  });

  it("hydration keeps what was typed before it, and the focus", async () => {
    const container = prerendered(
      <WithMessages>
        <ContactForm />
      </WithMessages>,
    );
    const name = screen.getByLabelText("Name");
    const message = screen.getByLabelText("Message");
    (name as HTMLInputElement).value = "Typed before hydration";
    (message as HTMLTextAreaElement).value = "Half a sentence";
    message.focus();

    await act(async () => {
      hydrateRoot(
        container,
        <WithMessages>
          <ContactForm />
        </WithMessages>,
      );
    });
    expect(screen.getByLabelText("Name")).toBe(name); // the same element, not a replacement
    expect(name).toHaveValue("Typed before hydration");
    expect(message).toHaveValue("Half a sentence");
    expect(message).toHaveFocus();
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });
});

describe("result pages", () => {
  const inRouter = (element: React.ReactElement) => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <WithMessages>{element}</WithMessages> }]);
    render(<Stub />);
  };

  it("the sent pages give the forms' success messages", () => {
    inRouter(<FormSentView form="contact" sent={results.contact.sent} />);
    expect(screen.getByRole("heading", { level: 1, name: "Message sent" })).toBeVisible();
    expect(screen.getByText("Message sent successfully!")).toBeVisible();
    expect(screen.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
  });

  it("the career sent page has the check mark", () => {
    inRouter(<FormSentView form="career" sent={results.career.sent} />);
    expect(screen.getByText("Application sent successfully!")).toBeVisible();
    expect(screen.getByText("✓")).toHaveAttribute("aria-hidden", "true");
  });

  it("a problem page names the problem and says that going back keeps what was typed", () => {
    inRouter(<FormNotSentView form="career" notSent={results.career.notSent} problem={problemOf("career", "too-large")} />);
    expect(screen.getByRole("heading", { level: 1, name: "Application not sent" })).toBeVisible();
    expect(screen.getByText("File size exceeds 50KB. Please upload a smaller file.")).toBeVisible();
    expect(screen.getByText(/Back button: the form still holds everything you typed/)).toBeVisible();
    expect(screen.getByRole("link", { name: /@/ })).toHaveAttribute("href", expect.stringMatching(/^mailto:/));
  });

  it("every problem code has its own text, quoting the field's real length limit; the fixed messages where they apply", () => {
    for (const form of ["contact", "career"] as const) {
      const texts = formProblems[form].map((problem) => problemOf(form, problem));
      expect(new Set(texts).size).toBe(texts.length);
      for (const problem of formProblems[form]) {
        const field = (fieldOfProblem as Record<string, string>)[problem];
        const limit = fieldMaxLength[field as keyof typeof fieldMaxLength];
        if (limit) expect(problemOf(form, problem), `${form} ${problem}`).toContain(`at most ${limit.toLocaleString("en-US")} characters`);
      }
    }
    expect(problemOf("career", "resume")).toBe("Please upload your resume.");
    expect(problemOf("contact", "failed")).toBe("Error sending message. Please try again.");
    expect(problemOf("contact", "no-such-code")).toBe("Error sending message. Please try again.");
  });
});
