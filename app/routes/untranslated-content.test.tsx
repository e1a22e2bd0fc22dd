import { render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import { richTextToPlain } from "~/content/rich-text";
import ContactPage from "./contact";
import FaqPage, { loader as faqLoader } from "./faq";
import { SiteMain } from "~/components/layout/site-main";
import { OopsPage } from "~/components/oops-page/oops-page";
import { messagesOf, WithMessages } from "../../test-support/messages";

// No English read with a German voice (decision 0160): on another language's page, what is not yet
// translated (every content module, the pages' words) is marked with the default language's `lang`,
// and the translated words in it with the page's language again. The fixture has English and German.

function renderPage(path: string, code: string, Page: ComponentType) {
  const Stub = createRoutesStub([
    {
      path: "*",
      // The FAQ page's build-time loader, in the address's language (decision 0165).
      ...(Page === FaqPage ? { loader: () => faqLoader({ params: { lang: code === "en" ? undefined : code } }), HydrateFallback: () => null } : {}),
      Component: () => (
        <WithMessages code={code}>
          <SiteMain>
            <Page />
          </SiteMain>
        </WithMessages>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

/** The language a screen reader reads an element in, as far as the page's content says (null: the page's own, <html lang>). */
const langOf = (element: Element) => element.closest("[lang]")?.getAttribute("lang") ?? null;

const [first] = faq.entries;

describe("the page's content in another language", () => {
  it("marks a German page's untranslated FAQ question and answer as English", async () => {
    renderPage("/de/faq", "de", FaqPage);
    expect(langOf(await screen.findByText(first!.question))).toBe("en");
    expect(langOf(screen.getByText(richTextToPlain(first!.answer)))).toBe("en");
  });

  it("gives a German page's translated FAQ question and answer the page's language, inside the English-marked <main> (decision 0165)", async () => {
    renderPage("/de/faq", "de", FaqPage);
    const question = await screen.findByText("Wie hoch ist Ihre Mindestbestellmenge (MOQ)?");
    expect(langOf(question)).toBe("de");
    expect(langOf(screen.getByText(/^Unsere Mindestbestellmenge beträgt/))).toBe("de");
    expect(screen.queryByText("What is your minimum order quantity (MOQ)?")).toBeNull();
  });

  it("reads the translated words inside it in the page's language: the German contact form's labels and button", () => {
    renderPage("/de/contact", "de", ContactPage);
    expect(langOf(screen.getByLabelText("Betreff"))).toBe("de");
    expect(langOf(screen.getByRole("button", { name: "Nachricht senden" }))).toBe("de");
  });

  it("shows the German contact page's own words in German, marked German (decision 0167): its labels, the map's, the form's heading", () => {
    renderPage("/de/contact", "de", ContactPage);
    expect(langOf(screen.getByRole("heading", { name: "Hauptsitz" }))).toBe("de");
    for (const label of ["Adresse", "E-Mail", "Telefon"]) expect(langOf(screen.getByText(label, { selector: "dt" }))).toBe("de");
    expect(langOf(screen.getByRole("button", { name: "Karte anzeigen" }))).toBe("de");
    expect(langOf(screen.getByRole("link", { name: /^In Google Maps öffnen/ }))).toBe("de");
    expect(langOf(screen.getByRole("heading", { name: "Kontakt aufnehmen" }))).toBe("de");
    expect(screen.queryByText("Get In Touch")).toBeNull();
    expect(screen.queryByText("Address")).toBeNull();
  });

  it("keeps a German page's links in German (decision 0167): the breadcrumb's Home and the privacy notice beside the send button", () => {
    renderPage("/de/contact", "de", ContactPage);
    const crumbs = screen.getByRole("navigation", { name: "Navigationspfad" });
    expect(within(crumbs).getByRole("link", { name: "Startseite" })).toHaveAttribute("href", "/de");
    expect(screen.getByRole("link", { name: "unsere Datenschutzhinweise (öffnen in einem neuen Tab)" })).toHaveAttribute("href", "/de/privacy");
  });

  it("gives a German FAQ page's structured data its language: the FAQPage's inLanguage is de (decision 0167)", async () => {
    const { container } = renderPage("/de/faq", "de", FaqPage);
    await screen.findByText("Wie hoch ist Ihre Mindestbestellmenge (MOQ)?");
    const faqPage = [...container.querySelectorAll('script[type="application/ld+json"]')]
      .map((script) => JSON.parse(script.textContent!) as Record<string, unknown>)
      .find((data) => data["@type"] === "FAQPage");
    expect(faqPage).toMatchObject({ inLanguage: "de", "@id": expect.stringMatching(/\/de\/faq$/) });
  });

  it("reads the frame's words inside it in the page's language: the breadcrumb's name and Home, the form's privacy line; the page's name stays marked English", () => {
    renderPage("/de/contact", "de", ContactPage);
    const crumbs = screen.getByRole("navigation", { name: "Navigationspfad" });
    expect(langOf(crumbs)).toBe("de");
    expect(langOf(within(crumbs).getByRole("link", { name: "Startseite" }))).toBe("de");
    expect(langOf(within(crumbs).getByText(messagesOf("de").pages.contact.breadcrumb))).toBe("en");
    expect(langOf(screen.getByRole("link", { name: "unsere Datenschutzhinweise (öffnen in einem neuen Tab)" }))).toBe("de");
  });

  it("marks nothing on the default language's pages", async () => {
    const { container } = renderPage("/faq", "en", FaqPage);
    expect(await screen.findByText(richTextToPlain(first!.answer))).toBeInTheDocument();
    expect(container.querySelector("[lang]")).toBeNull();
    renderPage("/contact", "en", ContactPage);
    expect(document.body.querySelector("[lang]")).toBeNull();
    expect(langOf(screen.getByLabelText("Subject"))).toBeNull();
  });
});

describe("SiteMain, the page's <main>", () => {
  it("marks a German page's content English, an English page's not at all", () => {
    expect(langOf(renderPage("/de/faq", "de", () => <p>German page</p>).getByText("German page"))).toBe("en");
    expect(langOf(renderPage("/faq", "en", () => <p>English page</p>).getByText("English page"))).toBeNull();
  });

  it("holds the Oops page in the page's language", () => {
    renderPage("/de/no-such-page", "de", () => <OopsPage />);
    expect(langOf(screen.getByRole("heading", { level: 1 }))).toBe("de");
    expect(langOf(screen.getByRole("link"))).toBe("de");
  });
});
