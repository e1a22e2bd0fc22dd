import { configure, fireEvent, getConfig, render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import { richTextToPlain } from "~/content/rich-text";
import CareerPage, { loader as careerLoader } from "./career";
import CareerJobPage, { loader as jobLoader } from "./career-job";
import CompliancePage, { loader as complianceLoader } from "./compliance";
import ContactPage from "./contact";
import PrivacyPage, { handle as privacyHandle, loader as privacyLoader } from "./privacy";
import FaqPage, { loader as faqLoader } from "./faq";
import HomePage, { handle as homeHandle, loader as homeLoader } from "./home";
import MissionPage, { handle as missionHandle, loader as missionLoader } from "./mission";
import AboutUsPage, { handle as aboutHandle, loader as aboutLoader } from "./about-us";
import StrengthPage, { handle as strengthHandle, loader as strengthLoader } from "./strength";
import { handle as complianceHandle } from "./compliance";
import GoalPage, { handle as goalHandle, loader as goalLoader } from "./goal";
import MdMessagePage, { handle as mdHandle, loader as mdLoader } from "./md-message";
import OrganogramPage, { handle as organogramHandle, loader as organogramLoader } from "./organogram";
import ServicesPage, { handle as servicesHandle, loader as servicesLoader } from "./services";
import GalleryItemPage, { handle as itemHandle, loader as itemLoader } from "./gallery-item";
import GalleryFamilyPage, { handle as familyHandle, loader as familyLoader } from "./gallery-family";
import QuotePage, { handle as quoteHandle, loader as quoteLoader } from "./quote";
import GalleryIndexPage, { handle as catalogueHandle, loader as catalogueLoader } from "./gallery-index";
import GalleryShowcasePage, { handle as showcaseHandle, loader as showcaseLoader } from "./gallery-showcase";
import { webPageJsonLd } from "~/lib/json-ld";
import { homeSectionsIn } from "~/content/home-sections";
import { SiteMain } from "~/components/layout/site-main";
import { OopsPage } from "~/components/oops-page/oops-page";
import { jobWordsOf, messagesOf, WithMessages } from "../../test-support/messages";

// No English read with a German voice (decision 0160): on another language's page, what is not yet
// translated (every content module, the pages' words) is marked with the default language's `lang`,
// and the translated words in it with the page's language again. The fixture has English and German.

/** A page as the site shows it; `loader`: its route's build-time loader, as the prerender runs it for this address (decisions 0165, 0168). */
function renderPage(path: string, code: string, Page: ComponentType, loader?: () => unknown, handle?: unknown) {
  const lang = code === "en" ? undefined : code;
  const Stub = createRoutesStub([
    {
      path: "*",
      ...(Page === FaqPage ? { loader: () => faqLoader({ params: { lang } }), HydrateFallback: () => null } : {}),
      ...(loader ? { loader, HydrateFallback: () => null } : {}),
      ...(handle ? { handle } : {}),
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

// The pages' build-time loaders read the content (a product's, the photos' variants too): seconds on a
// busy machine, not the 1 s a find waits by default. Restored after: the app's files share a worker.
const defaultWait = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 60_000 }));
afterAll(() => configure({ asyncUtilTimeout: defaultWait }));

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

  it("names the head office's country in German on the German contact page, the address's street lines English (decision 0181)", () => {
    renderPage("/de/contact", "de", ContactPage);
    const address = screen.getByText(/Dhaka-1230/, { selector: "address" });
    expect(address).toHaveTextContent(/Dhaka-1230, Bangladesch$/);
    expect(langOf(within(address).getByText("Bangladesch"))).toBe("de");
    expect(langOf(address)).toBe("en");
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

// Decision 0168: the job openings and the privacy notice per language; the fixture translates the
// knitwear merchandiser job and the privacy notice into German, not the pattern maker job nor the
// pages' words of /career and /privacy; the job pages' own words are German too (decision 0167).
describe("a German page's jobs and privacy notice", () => {
  const jobPage = (slug: string) =>
    renderPage(`/de/career/${slug}`, "de", CareerJobPage, () => jobLoader({ params: { lang: "de", slug } } as Parameters<typeof jobLoader>[0]));

  it("gives a translated job's words the page's language inside the English-marked <main>: its title, place and description; the labels German too, the page's name English", async () => {
    jobPage("knitwear-merchandiser");
    const title = await screen.findByRole("heading", { level: 1, name: "Merchandiser Strickwaren" });
    expect(langOf(title)).toBe("de");
    expect(langOf(screen.getByText("Dhaka, Bangladesch"))).toBe("de");
    expect(langOf(screen.getByText(/^Sie betreuen die Strickwarenaufträge/))).toBe("de");
    // The job pages' words are German in the fixture too (decision 0167), marked German.
    expect(langOf(screen.getByText(jobWordsOf("de").labels.location))).toBe("de");
    const crumbs = screen.getByRole("navigation", { name: "Navigationspfad" });
    expect(langOf(within(crumbs).getByText(messagesOf("de").pages.career.breadcrumb))).toBe("en");
    expect(langOf(within(crumbs).getByText("Merchandiser Strickwaren"))).toBe("de");
  });

  it("marks an untranslated job English", async () => {
    jobPage("pattern-maker");
    expect(langOf(await screen.findByRole("heading", { level: 1, name: "Pattern Maker" }))).toBe("en");
    expect(langOf(screen.getByText(/^You turn our designers' sketches/))).toBe("en");
  });

  it("lists each job on /career in its own language", async () => {
    renderPage("/de/career", "de", CareerPage, () => careerLoader({ params: { lang: "de" } }));
    expect(langOf(await screen.findByRole("link", { name: "Merchandiser Strickwaren" }))).toBe("de");
    expect(langOf(screen.getByRole("link", { name: "Pattern Maker" }))).toBe("en");
  });

  it("gives the translated privacy notice the page's language, the quote form's untranslated labels in it English", async () => {
    renderPage("/de/privacy", "de", PrivacyPage, () => privacyLoader({ params: { lang: "de" } }));
    const forms = await screen.findByRole("region", { name: "Unsere Formulare" });
    expect(langOf(forms)).toBe("de");
    expect(langOf(within(forms).getByText("Betreff"))).toBe("de");
    const quote = within(forms).getByRole("region", { name: "Angebotsanfragen" });
    expect(langOf(within(quote).getAllByRole("listitem")[0]!)).toBe("en");
    // The page's own words (content/pages/privacy.yaml) are not translated in the fixture: its banner heading English.
    expect(langOf(screen.getByRole("heading", { level: 1 }))).toBe("en");
  });

  it("leaves the German privacy page's <main> unmarked: every block says its language, the untranslated notice English", async () => {
    // The notice as the reader gives it where it is not translated: the English one, marked English.
    const english = privacyLoader({ params: {} }).privacy;
    renderPage("/de/privacy", "de", PrivacyPage, () => ({ privacy: { ...english, lang: "en", quoteFieldsLang: null } }), privacyHandle);
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
    expect(langOf(heading)).toBe("en");
    const crumbs = screen.getByRole("navigation", { name: "Navigationspfad" });
    expect(langOf(within(crumbs).getByRole("link", { name: "Startseite" }))).toBe("de");
    expect(langOf(screen.getByRole("region", { name: english.formsHeading }))).toBe("en");
  });

  it("marks nothing on the English privacy page", async () => {
    const { container } = renderPage("/privacy", "en", PrivacyPage, () => privacyLoader({ params: {} }), privacyHandle);
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(container.querySelector("[lang]")).toBeNull();
  });
});

describe("a German page's certificate records (decision 0168)", () => {
  it("gives a translated record's words the page's language, an untranslated record's English", async () => {
    renderPage("/de/our-company/compliance", "de", CompliancePage, () => complianceLoader({ params: { lang: "de" } }));
    expect(langOf(await screen.findByText("Fixture-Strickpartner, Gazipur"))).toBe("de");
    expect(langOf(screen.getByText("Stricken, Färben und Konfektion von Jersey aus Bio-Baumwolle."))).toBe("de");
    expect(langOf(screen.getByText("Fixture Dyeing Mill, Narayanganj"))).toBe("en");
    expect(langOf(screen.getByRole("heading", { name: "OEKO-TEX STANDARD 100" }))).toBe("en");
  });
});

describe("a German home page's sections (decision 0169)", () => {
  const homeAt = (path: string) => () => homeLoader({ request: new Request(`https://example.com${path}`) });

  it("gives the translated hero's words the page's language, the untranslated sections English, <main> unmarked (decision 0170)", async () => {
    renderPage("/de", "de", HomePage, homeAt("/de"), homeHandle);
    const lead = await screen.findByText(/^Händler, Exporteur, Importeur und Hersteller/);
    expect(langOf(lead)).toBe("de");
    expect(langOf(screen.getByRole("link", { name: "Kontakt aufnehmen" }))).toBe("de");
    expect(screen.getByText("Unsere Partner sind zertifiziert")).toHaveAttribute("lang", "de");
    expect(screen.getByText("Zu 100 % export\u00ADorientiertes Unternehmen")).toHaveAttribute("lang", "de");
    const english = homeSectionsIn("en");
    expect(screen.getByRole("heading", { name: english.trustedPartner.heading }).closest("section")).toHaveAttribute("lang", "en");
    expect(screen.queryByText(english.hero.lead)).toBeNull();
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
  });

  it("marks nothing on the English home page", async () => {
    const { container } = renderPage("/", "en", HomePage, homeAt("/"));
    await screen.findByText(homeSectionsIn("en").hero.lead);
    expect(container.querySelector("[lang]")).toBeNull();
  });
});

describe("a German mission page (decision 0169)", () => {
  it("leaves <main> unmarked: the translated mission says its own language, the banner the pages' words'", async () => {
    renderPage("/de/our-company/mission", "de", MissionPage, () => missionLoader({ params: { lang: "de" } }), missionHandle);
    const heading = await screen.findByRole("heading", { name: "Unsere Mission" });
    expect(langOf(heading)).toBe("de");
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
  });

  it("marks the English mission English on a German page without its translation", async () => {
    const english = missionLoader({ params: {} }).mission;
    renderPage("/de/our-company/mission", "de", MissionPage, () => ({ mission: { ...english, lang: "en" } }), missionHandle);
    expect(langOf(await screen.findByRole("heading", { name: english.mission.heading }))).toBe("en");
  });
});

/**
 * What a page's content marks English (decision 0176): the banner's heading and the breadcrumb left
 * aside (the pages' words, of which the fixture translates only the FAQ's), and what `except` names.
 */
const markedEnglish = (container: HTMLElement, except?: string) =>
  [...container.querySelectorAll('[lang="en"]')].filter((element) => !element.closest(["h1", "nav", except].filter(Boolean).join(", ")));

describe("the German company pages (decision 0170)", () => {
  it("leaves the compliance page's <main> unmarked: its words German, the PDCA steps' names German (decision 0176)", async () => {
    const { container } = renderPage("/de/our-company/compliance", "de", CompliancePage, () => complianceLoader({ params: { lang: "de" } }), complianceHandle);
    expect(langOf(await screen.findByRole("heading", { name: "Unsere Checklisten" }))).toBe("de");
    expect(langOf(screen.getByText("Gebäude- und Statikzertifikate"))).toBe("de");
    for (const name of ["Planen", "Durchführen", "Prüfen", "Handeln"]) expect(langOf(screen.getByText(name, { selector: "span" }))).toBe("de");
    expect(screen.queryByText("Plan", { selector: "span" })).toBeNull();
    // Nothing marked English but the certificate records not translated (decision 0168).
    expect(markedEnglish(container, "section[aria-labelledby='certificate-records']")).toEqual([]);
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
  });

  it("gives the services page's product families (Company facts) in German, its own words German, nothing marked English (decision 0176)", async () => {
    const { container } = renderPage("/de/ourservices", "de", ServicesPage, () => servicesLoader({ params: { lang: "de" } }), servicesHandle);
    expect(langOf(await screen.findByRole("heading", { name: "Produktbeschaffung" }))).toBe("de");
    expect(langOf(screen.getByText("Akkreditiv"))).toBe("de");
    expect(langOf(screen.getByText("Schuhe"))).toBe("de");
    expect(screen.queryByText("Footwear")).toBeNull();
    expect(markedEnglish(container)).toEqual([]);
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
  });

  it("marks the product families English on a German page whose facts lack one (decision 0176)", async () => {
    const german = servicesLoader({ params: { lang: "de" } }).services;
    const english = servicesLoader({ params: {} }).services;
    const services = { ...german, products: { ...german.products, items: english.products.items, itemsLang: "en" } };
    renderPage("/de/ourservices", "de", ServicesPage, () => ({ services }), servicesHandle);
    expect(langOf(await screen.findByText("Footwear"))).toBe("en");
    expect(langOf(screen.getByText("Akkreditiv"))).toBe("de");
  });

  it("gives the organogram's units the page's language", async () => {
    renderPage("/de/our-company/organogram", "de", OrganogramPage, () => organogramLoader({ params: { lang: "de" } }), organogramHandle);
    expect(langOf(await screen.findByText("Qualitätssicherung"))).toBe("de");
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
  });

  it("leaves the about page's <main> unmarked: its words and Company facts German, the standards' names names (decision 0176)", async () => {
    const { container } = renderPage("/de/our-company/aboutus", "de", AboutUsPage, () => aboutLoader({ params: { lang: "de" } }), aboutHandle);
    expect(langOf(await screen.findByRole("heading", { name: "Wer wir sind" }))).toBe("de");
    // The German company profile (decision 0188), its link the page's words.
    const profile = screen.getByRole("link", { name: /Unternehmensprofil herunterladen/ });
    expect(langOf(profile)).toBe("de");
    expect(profile).toHaveAttribute("href", "/de/company-profile.pdf");
    expect(profile).toHaveAttribute("download", "FSL-Company-Profile-de.pdf");
    expect(langOf(screen.getByText("Schuhe"))).toBe("de");
    expect(langOf(screen.getByText("Indien, Pakistan, China"))).toBe("de");
    expect(langOf(screen.getByText("BSCI"))).toBe("de");
    // Nothing marked English but the team members not translated in the fixture (decision 0170).
    expect(markedEnglish(container, "article")).toEqual([]);
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
  });

  it("links the English company profile from the English about page, unmarked (decision 0188)", async () => {
    renderPage("/our-company/aboutus", "en", AboutUsPage, () => aboutLoader({ params: {} }), aboutHandle);
    const profile = await screen.findByRole("link", { name: "Company Profile Download" });
    expect(profile).toHaveAttribute("href", "/company-profile.pdf");
    expect(profile).toHaveAttribute("download", "FSL-Company-Profile.pdf");
    expect(langOf(profile)).toBeNull();
  });

  it("links the English company profile from a German about page not translated, marked English (decision 0188)", async () => {
    // The reader gives a German about page without its translation the English page and file (build-profile-pdf.test.ts).
    const english = aboutLoader({ params: {} }).about;
    renderPage("/de/our-company/aboutus", "de", AboutUsPage, () => ({ about: { ...english, lang: "en" } }), aboutHandle);
    const profile = await screen.findByRole("link", { name: "Company Profile Download" });
    expect(profile).toHaveAttribute("href", "/company-profile.pdf");
    expect(langOf(profile)).toBe("en");
  });

  it("shows each strength in its own language on the German strengths page", async () => {
    renderPage("/de/our-company/strength", "de", StrengthPage, () => strengthLoader({ params: { lang: "de" } }), strengthHandle);
    expect(langOf(await screen.findByRole("heading", { name: "Neun Gründe, warum Einkäufer mit uns arbeiten" }))).toBe("de");
    expect(langOf(screen.getByRole("heading", { name: "Langjährige Erfahrung" }))).toBe("de");
    expect(langOf(screen.getByRole("heading", { name: "Material Sourcing" }))).toBe("en");
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
  });

  it("gives the MD's letter the role as the German team list has it", async () => {
    renderPage("/de/our-company/md", "de", MdMessagePage, () => mdLoader({ params: { lang: "de" } }), mdHandle);
    expect(langOf(await screen.findByRole("heading", { name: "Grußwort des Geschäftsführers" }))).toBe("de");
    for (const role of screen.getAllByText("Geschäftsführerin")) expect(langOf(role)).toBe("de");
  });

  it("marks an untranslated page English on a German page: the MD's message", async () => {
    const english = mdLoader({ params: {} }).mdMessage;
    renderPage("/de/our-company/md", "de", MdMessagePage, () => ({ mdMessage: { ...english, lang: "en" } }), mdHandle);
    expect(langOf(await screen.findByRole("heading", { name: english.heading }))).toBe("en");
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
  });

  it("gives the goal cards' names in German, nothing marked English (decision 0176)", async () => {
    const { container } = renderPage("/de/our-company/goal", "de", GoalPage, () => goalLoader({ params: { lang: "de" } }), goalHandle);
    expect(langOf(await screen.findByRole("heading", { name: "Teamarbeit" }))).toBe("de");
    expect(langOf(screen.getByRole("heading", { name: "Ziele positiv formulieren" }))).toBe("de");
    expect(langOf(screen.getByRole("heading", { name: "Unternehmensziele" }))).toBe("de");
    expect(screen.queryByRole("heading", { name: "Team Work" })).toBeNull();
    expect(markedEnglish(container)).toEqual([]);
  });

  it("marks nothing on the English goal page", async () => {
    const { container } = renderPage("/our-company/goal", "en", GoalPage, () => goalLoader({ params: {} }), goalHandle);
    expect(await screen.findByRole("heading", { name: "Team Work" })).toBeInTheDocument();
    expect(container.querySelector("[lang]")).toBeNull();
  });
});

/** A route's page as React Router renders it: its component given its loader's data. */
function withLoaderData(Route: ComponentType<never>) {
  const Page = Route as unknown as ComponentType<{ loaderData: unknown }>;
  return () => <Page loaderData={useLoaderData()} />;
}

/** A page whose route's build-time loader reads its address (the family and showcase pages), rendered from it. */
function renderFromAddress(path: string, code: string, Route: ComponentType<never>, loader: (args: never) => unknown, handle: unknown) {
  // The loader's arguments as the prerender gives them, of which these loaders read the request.
  return renderPage(path, code, withLoaderData(Route), () => loader({ request: new Request(`https://example.com${path}`) } as never), handle);
}

/**
 * The German Add to quote control's name for the Men Hoodie (decision 0183). happy-dom gives the
 * accessible name a space after the product's `span` ("Hoodie )"); a browser, an inline element, none.
 */
const germanAddToQuote = /^Zur Angebotsanfrage hinzufügen \(Herren Hoodie ?\)$/;

/** The structured data of a rendered page, each block parsed. */
const jsonLdOf = (container: HTMLElement) =>
  [...container.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent!) as Record<string, unknown>);

// Decision 0171: a product page from its route's build-time loader, as the prerender runs it (the fixture's Men T-Shirt is German).
describe("a German product page (decision 0171)", { timeout: 600_000 }, () => {
  const renderProduct = (code: string, item: string) =>
    renderPage(
      `${code === "en" ? "" : `/${code}`}/gallery/men/${item}`,
      code,
      withLoaderData(GalleryItemPage),
      () =>
        itemLoader({ params: { lang: code === "en" ? undefined : code, category: "men", subcategory: item } } as unknown as Parameters<typeof itemLoader>[0]),
      itemHandle,
    );

  it("gives the translated product's name, photos' titles, description and specification the page's language, <main> unmarked", async () => {
    renderProduct("de", "tshirt");
    expect(langOf(await screen.findByRole("heading", { level: 1, name: "Herren - T-Shirt" }))).toBe("de");
    // The photo's caption and its picture window's title.
    expect(screen.getAllByText("Rundhals-T-Shirt").map(langOf)).toEqual(["de", "de"]);
    expect(langOf(screen.getByText(/^Ein Fixture-T-Shirt aus Bio-Baumwoll-Jersey/))).toBe("de");
    expect(langOf(screen.getByText("100 % Bio-Baumwolle, CVC 60/40"))).toBe("de");
    expect(langOf(screen.getByText("Zusammensetzung"))).toBe("de");
    expect(langOf(screen.getByText("300 Stück pro Farbe"))).toBe("de");
    // A measure says no language of its own: it is read in the page's.
    expect(langOf(screen.getByText("160–200 GSM"))).toBeNull();
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
    // The certificates in their records' language: the GOTS record is German in the fixture, OEKO-TEX's not.
    expect(langOf(screen.getByRole("link", { name: "GOTS – Global Organic Textile Standard" }))).toBe("de");
    expect(langOf(screen.getByRole("link", { name: "OEKO-TEX STANDARD 100" }))).toBe("en");
    // The breadcrumb's Product Gallery in the pages' words' language (not translated in the fixture), the family German.
    const crumbs = screen.getByRole("navigation", { name: "Navigationspfad" });
    expect(langOf(within(crumbs).getByRole("link", { name: messagesOf("de").pages.gallery.breadcrumb }))).toBe("en");
    expect(langOf(within(crumbs).getByRole("link", { name: "Herren" }))).toBe("de");
  });

  it("marks an untranslated product English on a German page, <main> unmarked; its untitled photo named in the page's words", async () => {
    renderProduct("de", "hoodie");
    expect((await screen.findAllByText("Zip Hoodie")).map(langOf)).toEqual(["en", "en"]);
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
    expect(screen.getAllByText(messagesOf("de").gallery.untitledProduct).map(langOf)).toEqual([null, null]);
  });

  it("gives the German product page's Product its words and its address, the main entity of the German WebPage (inLanguage de)", async () => {
    const { container } = renderProduct("de", "tshirt");
    await screen.findByRole("heading", { level: 1, name: "Herren - T-Shirt" });
    const product = jsonLdOf(container).find((data) => data["@type"] === "Product");
    const page = webPageJsonLd({ path: "/de/gallery/men/tshirt", inLanguage: "de" });
    expect(product).toMatchObject({
      name: "Herren T-Shirt",
      category: "Herren",
      url: page.url,
      mainEntityOfPage: { "@type": "WebPage", "@id": page["@id"], url: page.url, inLanguage: "de" },
      description: expect.stringMatching(/^Ein Fixture-T-Shirt aus Bio-Baumwoll-Jersey/),
    });
  });

  it("gives the heading's family and product each its own language: the family German, the untranslated product English (decision 0180)", async () => {
    renderProduct("de", "hoodie");
    const heading = await screen.findByRole("heading", { level: 1, name: "Herren - Hoodie" });
    expect(langOf(within(heading).getByText("Herren"))).toBe("de");
    expect(langOf(within(heading).getByText("Hoodie"))).toBe("en");
  });

  it("names the product in its Add to quote control's German words, the untranslated product's name English (decision 0183)", async () => {
    renderProduct("de", "hoodie");
    // The toggle once hydrated (the prerendered link has the same words).
    const control = await screen.findByRole("button", { name: germanAddToQuote });
    expect(langOf(control)).toBe("de");
    expect(within(control).getByText("Hoodie")).toHaveAttribute("lang", "en");
    // The family's name is the sentence's language: no mark of its own.
    expect(langOf(within(control).getByText(/Herren/))).toBe("de");
    expect(within(control).getByText(/Herren/)).not.toHaveAttribute("lang");
  });

  it("names an untranslated product in its video's German text alternative English (decision 0183)", async () => {
    renderPage(
      "/de/gallery/nontextile/basket",
      "de",
      withLoaderData(GalleryItemPage),
      () => itemLoader({ params: { lang: "de", category: "nontextile", subcategory: "basket" } } as unknown as Parameters<typeof itemLoader>[0]),
      itemHandle,
    );
    const play = await screen.findByRole("link", { name: "Video abspielen: Bildfolge ohne Ton: Muster der Kategorie Non Textile - Basket" });
    expect(langOf(within(play).getByText(/^Video abspielen/))).toBe("de");
    expect(langOf(within(play).getByText("Non Textile"))).toBe("en");
    expect(langOf(within(play).getByText("Basket"))).toBe("en");

    // Played: the player's name, the same German words with the names English in them (decision 0190).
    fireEvent.click(play);
    const player = document.querySelector("video")!;
    expect(player).toHaveAccessibleName("Bildfolge ohne Ton: Muster der Kategorie Non Textile - Basket");
    const name = document.getElementById(player.getAttribute("aria-labelledby")!)!;
    expect(langOf(within(name).getByText(/^Bildfolge ohne Ton/))).toBe("de");
    expect(langOf(within(name).getByText("Non Textile"))).toBe("en");
    expect(langOf(within(name).getByText("Basket"))).toBe("en");
  });

  it("marks nothing on the English product page", async () => {
    const { container } = renderProduct("en", "tshirt");
    expect((await screen.findAllByText("Crew Neck Tee")).map(langOf)).toEqual([null, null]);
    expect(langOf(screen.getByText(/^A fixture tee in organic cotton jersey/))).toBeNull();
    expect(container.querySelector("[lang]")).toBeNull();
  });
});

// Decision 0171: a family page from its route's build-time loader (the fixture's Men family and its T-Shirt are German).
describe("a German family page (decision 0171)", { timeout: 600_000 }, () => {
  const renderFamily = (path: string, code: string) => renderFromAddress(path, code, GalleryFamilyPage, familyLoader, familyHandle);

  it("leaves <main> unmarked: the family's name and the translated product's card German, an untranslated product's card English, the German line sheet's link", async () => {
    renderFamily("/de/gallery/men", "de");
    expect(langOf(await screen.findByRole("heading", { level: 1, name: "Herren" }))).toBe("de");
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
    const [tshirt, hoodie] = ["/de/gallery/men/tshirt", "/de/gallery/men/hoodie"].map((href) =>
      screen.getAllByRole("link").find((a) => a.getAttribute("href") === href)!,
    );
    expect(langOf(within(tshirt!).getByText("T-Shirt"))).toBe("de");
    expect(langOf(within(hoodie!).getByText("Hoodie"))).toBe("en");
    expect(langOf(within(hoodie!).getByText("Herren"))).toBe("de");
    // The card's Add to quote control names the untranslated product English in its German words (decision 0183).
    const add = await screen.findByRole("button", { name: germanAddToQuote });
    expect(within(add).getByText("Hoodie")).toHaveAttribute("lang", "en");
    expect(within(add).getByText(/Herren/)).not.toHaveAttribute("lang");
    // The German line sheet (PDF, decision 0175), its link's words German, unmarked.
    const sheet = screen.getByRole("link", { name: /^Produktübersicht Herren herunterladen \(PDF, \d+(,\d)? (kB|MB)\)$/ });
    expect(sheet).toHaveAttribute("href", "/de/line-sheets/men-line-sheet.pdf");
    expect(langOf(sheet)).toBeNull();
    const crumbs = screen.getByRole("navigation", { name: "Navigationspfad" });
    expect(langOf(within(crumbs).getByRole("link", { name: messagesOf("de").pages.gallery.breadcrumb }))).toBe("en");
  });

  it("marks nothing on the English family page", async () => {
    const { container } = renderFamily("/gallery/men", "en");
    expect(await screen.findByRole("heading", { level: 1, name: "Men" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Download the Men line sheet \(PDF, / })).toHaveAttribute("href", "/line-sheets/men-line-sheet.pdf");
    expect(container.querySelector("[lang]")).toBeNull();
  });
});

// Decision 0180: the quote form's product choices from its route's build-time loader (the fixture's
// Men family and its T-Shirt are German, its Hoodie and the Women family not).
describe("a German quote form (decision 0180)", { timeout: 600_000 }, () => {
  const FormPage = withLoaderData(QuotePage);
  const renderForm = (code: string) =>
    renderPage(
      `${code === "en" ? "" : `/${code}`}/quote`,
      code,
      FormPage,
      () => quoteLoader({ params: { lang: code === "en" ? undefined : code } }),
      quoteHandle,
    );

  it("leaves a translated product's choice unmarked and marks an untranslated one English, <main> unmarked", async () => {
    renderForm("de");
    const products = within(await screen.findByRole("combobox", { name: "Produkt" }));
    const men = products.getByRole("group", { name: "Herren" });
    expect(langOf(men)).toBeNull();
    expect(langOf(within(men).getByRole("option", { name: "T-Shirt" }))).toBeNull();
    expect(within(men).getByRole("option", { name: "Hoodie" })).toHaveAttribute("lang", "en");
    // An untranslated family says its language once, on its group; its products read in it.
    const women = products.getByRole("group", { name: "Women" });
    expect(women).toHaveAttribute("lang", "en");
    const womensProducts = within(women).getAllByRole("option");
    expect(womensProducts.map(langOf)).toEqual(["en", "en"]);
    expect(womensProducts.filter((option) => option.hasAttribute("lang"))).toEqual([]);
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
    expect(langOf(screen.getByRole("heading", { level: 1 }))).toBeNull();
  });

  it("marks no product choice on the English quote form", async () => {
    renderForm("en");
    const products = await screen.findByRole("combobox", { name: "Product" });
    expect(products.querySelector("[lang]")).toBeNull();
  });
});

// Decision 0175: the catalogue's line sheets in the page's language, in its unmarked <main> (decision 0174).
describe("a German catalogue's line sheets (decision 0175)", { timeout: 600_000 }, () => {
  const CataloguePage = withLoaderData(GalleryIndexPage);
  const renderCatalogue = (path: string, code: string) =>
    renderPage(
      path,
      code,
      CataloguePage,
      () => catalogueLoader({ params: { lang: code === "en" ? undefined : code } } as unknown as Parameters<typeof catalogueLoader>[0]),
      catalogueHandle,
    );

  it("links the German sheets, unmarked: they read in the page's language", async () => {
    renderCatalogue("/de/gallery", "de");
    const catalogue = await screen.findByRole("link", { name: /^Gesamten Katalog herunterladen \(PDF, \d+(,\d)? (kB|MB)\)$/ });
    expect(catalogue).toHaveAttribute("href", "/de/line-sheets/catalogue.pdf");
    expect(langOf(catalogue)).toBeNull();
    const men = screen.getByRole("link", { name: /^Produktübersicht Herren herunterladen \(PDF, / });
    expect(men).toHaveAttribute("href", "/de/line-sheets/men-line-sheet.pdf");
    expect(langOf(men)).toBeNull();
    // An untranslated family's name English in the German link's words (decision 0183).
    const women = screen.getByRole("link", { name: /^Produktübersicht Women herunterladen \(PDF, / });
    expect(women).toHaveAttribute("href", "/de/line-sheets/women-line-sheet.pdf");
    expect(langOf(women)).toBeNull();
    expect(within(women).getByText("Women")).toHaveAttribute("lang", "en");
  });

  it("links the English sheets on the English page, unmarked", async () => {
    renderCatalogue("/gallery", "en");
    const catalogue = await screen.findByRole("link", { name: /^Download the whole catalogue \(PDF, \d+(\.\d)? (kB|MB)\)$/ });
    expect(catalogue).toHaveAttribute("href", "/line-sheets/catalogue.pdf");
    expect(langOf(catalogue)).toBeNull();
  });
});

// Decision 0174: the catalogue from its route's build-time loader (the fixture's Men family, its
// T-Shirt, the GOTS record and the catalogue's words are German; the Hoodie, the basket and OEKO-TEX are not).
describe("a German catalogue (decision 0174)", { timeout: 600_000 }, () => {
  const renderCatalogue = (code: string) =>
    renderPage(
      code === "en" ? "/gallery" : `/${code}/gallery`,
      code,
      withLoaderData(GalleryIndexPage),
      () => catalogueLoader({ params: { lang: code === "en" ? undefined : code } } as unknown as Parameters<typeof catalogueLoader>[0]),
      catalogueHandle,
    );
  const cardOf = (href: string) => screen.getAllByRole("listitem").find((li) => li.querySelector(`a[href="${href}"]`))!;

  it("leaves <main> unmarked: the cards' names and lines in their own language, an untranslated product English", async () => {
    renderCatalogue("de");
    expect(langOf(await screen.findByRole("heading", { level: 2, name: "Herren" }))).toBe("de");
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
    const tshirt = cardOf("/de/gallery/men/tshirt");
    expect(langOf(within(tshirt).getByText("T-Shirt"))).toBe("de");
    expect(langOf(within(tshirt).getByText("100 % Bio-Baumwolle, CVC 60/40"))).toBe("de");
    // The certificates' line: each name in its record's language, on one line.
    expect(langOf(within(tshirt).getByText("GOTS – Global Organic Textile Standard,"))).toBe("de");
    expect(langOf(within(tshirt).getByText("OEKO-TEX STANDARD 100"))).toBe("en");
    expect(within(tshirt).getByText("OEKO-TEX STANDARD 100").parentElement).toHaveTextContent(
      /^GOTS – Global Organic Textile Standard, OEKO-TEX STANDARD 100$/,
    );
    const hoodie = within(cardOf("/de/gallery/men/hoodie")).getByRole("link", { name: "Herren Hoodie" });
    expect(langOf(within(hoodie).getByText("Hoodie"))).toBe("en");
    expect(langOf(within(hoodie).getByText("Herren"))).toBe("de");
    expect(langOf(within(cardOf("/de/gallery/nontextile/basket")).getByText("Fixture jute"))).toBe("en");
  });

  it("gives the filters' choices their own language, the filters' words the page's", async () => {
    renderCatalogue("de");
    const search = await screen.findByRole("search", { name: "Produkt finden" });
    expect(langOf(within(search).getByText("Zum Beispiel Jersey aus Bio-Baumwolle oder 12GG."))).toBe("de");
    expect(langOf(within(search).getByRole("status"))).toBe("de");
    const options = (label: string) =>
      Object.fromEntries(
        within(within(search).getByLabelText(label))
          .getAllByRole("option")
          .map((o) => [o.textContent, langOf(o)]),
      );
    expect(options("Produktfamilie")).toMatchObject({ Alle: "de", Herren: "de", Women: "en" });
    expect(options("Machart")).toMatchObject({ Jersey: "de", "Nicht-Textil": "de" });
    expect(options("Material oder Baumwolle")).toMatchObject({ "100 % Bio-Baumwolle": "de", "Bio-Baumwolle": "de", "Fixture jute": "en" });
    expect(options("Zertifikat")).toMatchObject({ "GOTS – Global Organic Textile Standard": "de", "OEKO-TEX STANDARD 100": "en" });
    expect(options("Mindestbestellmenge")).toMatchObject({ "Bis 300 Stück pro Farbe": "de" });
  });

  it("marks nothing on the English catalogue", async () => {
    const { container } = renderCatalogue("en");
    await screen.findByRole("search", { name: "Find a product" });
    expect(container.querySelector("[lang]")).toBeNull();
  });
});

// Decision 0174: a static gallery page from its route's build-time loader (the fixture's cards' titles are German, its pages' words not).
describe("a German showcase page (decision 0174)", { timeout: 600_000 }, () => {
  const renderShowcase = (path: string, code: string) => renderFromAddress(path, code, GalleryShowcasePage, showcaseLoader, showcaseHandle);

  it("leaves <main> unmarked: the cards' titles German, the untranslated banner English", async () => {
    renderShowcase("/de/gallery/home-textile", "de");
    const titles = await screen.findAllByRole("heading", { level: 2, name: "Produktname" });
    expect(titles.map(langOf)).toEqual(["de", "de", "de"]);
    expect(screen.getByRole("main")).not.toHaveAttribute("lang");
    expect(langOf(screen.getByRole("heading", { level: 1 }))).toBe("en");
    expect(screen.queryByText("Name of the product")).toBeNull();
  });

  it("marks nothing on the English showcase page", async () => {
    const { container } = renderShowcase("/gallery/home-textile", "en");
    expect(await screen.findAllByRole("heading", { level: 2, name: "Name of the product" })).toHaveLength(3);
    expect(container.querySelector("[lang]")).toBeNull();
  });
});
