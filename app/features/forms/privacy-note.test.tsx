import { act, render, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { career } from "~/content/career";
import { pagePaths } from "~/content/page-paths";
import { quoteIn } from "~/content/quote";
import { quoteChoicesIn } from "~/content/quote-choices";
import { CareerForm } from "./career-form";
import { ContactForm } from "./contact-form";
import { QuoteForm } from "./quote/quote-form";
import { quoteOptions } from "./quote/quote-options.server";
import { messagesOf, WithMessages } from "../../../test-support/messages";

const { labels } = messagesOf();

// With JavaScript: each form, as its page renders it and once the browser has taken over, links to
// the privacy notice right before its send button, in a new tab (what was typed stays in the form).
// Before JavaScript, native-post.test.tsx checks the prerendered forms, and e2e/privacy.spec.ts the
// served pages without JavaScript (decision 0144).

const forms = [
  {
    page: "/contact",
    name: "Get In Touch",
    element: (
      <WithMessages>
        <ContactForm headingLevel={2} />
      </WithMessages>
    ),
  },
  {
    page: "/",
    name: "Get In Touch",
    element: (
      <WithMessages>
        <ContactForm headingLevel={3} />
      </WithMessages>
    ),
  },
  { page: "/career", name: career.heading, element: <CareerForm headingLevel={2} /> },
  {
    page: "/quote",
    name: "Request a quote",
    element: <QuoteForm words={quoteIn("en")} options={quoteOptions(quoteIn("en"), quoteChoicesIn("en"))} initialProducts={[]} onSent={() => {}} />,
  },
];

describe("each form's privacy link, with JavaScript", () => {
  // The quote form loads its checks once it has hydrated (not part of the page's first load): loaded
  // here first, so that import never ends after this file's environment is torn down.
  beforeAll(() => Promise.all([import("~/lib/contracts/quote-check"), import("./quote/issue-messages")]));

  for (const { page, name, element } of forms) {
    it(`${page}: the ${name} form links to the privacy notice beside its send button, in a new tab`, async () => {
      const { unmount } = render(<WithMessages>{element}</WithMessages>);
      await act(() => Promise.resolve()); // the switch to the enhanced form after the first render
      const form = screen.getByRole("form", { name });
      const link = within(form).getByRole("link", { name: labels.formPrivacy.link });
      expect(link).toHaveAttribute("href", pagePaths.privacy);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
      // Right before the send button, the form's last control.
      expect(link.closest("p")!.nextElementSibling).toHaveAttribute("type", "submit");
      expect(link.closest("p")!.nextElementSibling).toBe(within(form).getByRole("button", { name: /Send|Submit/ }));
      unmount();
    });
  }
});
