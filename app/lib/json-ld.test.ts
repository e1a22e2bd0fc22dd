import { describe, expect, it } from "vitest";
import { offices } from "~/content/offices";
import { site } from "~/content/site";
import { breadcrumbJsonLd, faqPageJsonLd, organizationJsonLd, serializeJsonLd } from "./json-ld";

describe("organizationJsonLd", () => {
  it("describes the company with a contact point per office from the content", () => {
    const org = organizationJsonLd();
    expect(org).toMatchObject({ "@context": "https://schema.org", "@type": "Organization", name: site.name, email: site.email });
    expect(org.url).toBe(`${site.url}/`);
    const contactPoints = org.contactPoint as { telephone: string; email: string }[];
    expect(contactPoints.map((c) => c.telephone)).toEqual(offices.map((o) => o.phoneHref));
    expect(contactPoints.map((c) => c.email)).toEqual(offices.map((o) => o.email));
    // The country's ISO code (decision 0181): one value for every language's page.
    expect(org.address).toEqual({ "@type": "PostalAddress", streetAddress: "House 10, Road 7, Sector 4, Uttara, Dhaka-1230", addressCountry: "BD" });
    const departments = org.department as { address: { addressCountry: string } }[];
    expect(departments.map((d) => d.address.addressCountry)).toEqual(["US"]);
    expect(org.sameAs).toEqual(site.social.map((s) => s.url));
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the steps from 1 with absolute URLs, gallery '&' included", () => {
    const list = breadcrumbJsonLd([
      { name: "Home", path: "/" },
      { name: "Straw & Plastic Basket", path: "/gallery/nontextile/straw&plasticbasket" },
    ]);
    expect(list["@type"]).toBe("BreadcrumbList");
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${site.url}/` },
      { "@type": "ListItem", position: 2, name: "Straw & Plastic Basket", item: `${site.url}/gallery/nontextile/straw&plasticbasket` },
    ]);
  });
});

describe("faqPageJsonLd", () => {
  it("turns every entry into a Question with its accepted Answer", () => {
    const faq = faqPageJsonLd([
      { question: "What is your MOQ?", answer: "500 pieces per color." },
      { question: "What is your lead time?", answer: "30-90 days for local material." },
    ]);
    expect(faq["@type"]).toBe("FAQPage");
    expect(faq.mainEntity).toEqual([
      { "@type": "Question", name: "What is your MOQ?", acceptedAnswer: { "@type": "Answer", text: "500 pieces per color." } },
      { "@type": "Question", name: "What is your lead time?", acceptedAnswer: { "@type": "Answer", text: "30-90 days for local material." } },
    ]);
  });
});

describe("serializeJsonLd", () => {
  it("cannot close its <script> early and still parses back to the same data", () => {
    const data = faqPageJsonLd([{ question: "</script><script>alert(1)</script>", answer: "a < b" }]);
    const text = serializeJsonLd(data);
    expect(text).not.toContain("</script");
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(data);
  });
});
