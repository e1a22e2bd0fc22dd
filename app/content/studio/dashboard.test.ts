import { describe, expect, it } from "vitest";
import keystaticConfig from "../../../keystatic.config";

// The studio shows only what its navigation lists: a type missing from every group would be
// unreachable for the staff, one listed twice would show twice.

const groups = keystaticConfig.ui?.navigation;
const listed = Array.isArray(groups) || !groups ? [] : Object.values(groups).flat();
const contentTypes = [...Object.keys(keystaticConfig.singletons ?? {}), ...Object.keys(keystaticConfig.collections ?? {})];

describe("the studio's dashboard", () => {
  it("groups the content by where it shows on the site", () => {
    expect(groups && !Array.isArray(groups) ? Object.keys(groups) : groups).toEqual([
      "Home page",
      "Company pages",
      "Products",
      "Jobs",
      "Forms and messages",
      "Site-wide",
      // One group per translated language (decision 0165), made from the content's languages (the fixture: English and German).
      "Translations: Deutsch (de)",
    ]);
  });

  it("lists each translated type in its language's group (decisions 0165, 0167, 0168, 0169, 0170, 0171, 0174, 0179)", () => {
    const german = groups && !Array.isArray(groups) ? groups["Translations: Deutsch (de)" as keyof typeof groups] : undefined;
    expect(german).toEqual([
      "faqEntries_de",
      "faqPage_de",
      "pages_de",
      "jobs_de",
      "privacy_de",
      "certificateRecords_de",
      ...["Hero", "TrustedPartner", "CategoryShares", "Certificates", "WhyChooseUs", "Strengths", "Values", "Banner", "Concept", "Team", "GetInTouch"].map((s) => `home${s}_de`),
      "mission_de",
      ...["about", "mdMessage", "compliance", "goals", "organization", "services", "quality", "strengthPage"].map((key) => `${key}_de`),
      ...["strengths", "values", "team", "certificates", "categoryShares"].map((key) => `${key}_de`),
      "site_de",
      "contact_de",
      "career_de",
      "jobsPage_de",
      "catalogue_de",
      "galleryFamilies_de",
      "galleryItems_de",
      // Decision 0179: the interface words files, each language's whole, and the buyer's words.
      "quote_de",
      "formResults_de",
      "messages_de",
      "galleryShowcases_de",
      "quotations_de",
      "replyTemplates_de",
    ]);
    expect(keystaticConfig.singletons?.["homeConcept_de" as keyof typeof keystaticConfig.singletons]?.label).toBe("Home: our concept (Deutsch)");
    expect(keystaticConfig.collections?.["jobs_de" as keyof typeof keystaticConfig.collections]?.label).toBe("Job openings (Deutsch)");
    expect(keystaticConfig.singletons?.["privacy_de" as keyof typeof keystaticConfig.singletons]?.label).toBe("Privacy notice (Deutsch)");
    expect(keystaticConfig.singletons?.["about_de" as keyof typeof keystaticConfig.singletons]?.label).toBe("Company: about us (Deutsch)");
    expect(keystaticConfig.collections?.["team_de" as keyof typeof keystaticConfig.collections]?.label).toBe("Team: roles and quotes (Deutsch)");
    expect(keystaticConfig.collections?.["galleryItems_de" as keyof typeof keystaticConfig.collections]?.label).toBe("Gallery products and photos (Deutsch)");
    expect(keystaticConfig.singletons?.["quote_de" as keyof typeof keystaticConfig.singletons]?.label).toBe("Quote request form (Deutsch)");
    expect(keystaticConfig.singletons?.["formResults_de" as keyof typeof keystaticConfig.singletons]?.label).toBe("Form sent / not sent pages (Deutsch)");
    expect(keystaticConfig.singletons?.["messages_de" as keyof typeof keystaticConfig.singletons]?.label).toBe("Interface words (Deutsch)");
    expect(keystaticConfig.singletons?.["quotations_de" as keyof typeof keystaticConfig.singletons]?.label).toBe("Quotations: the buyer's words (Deutsch)");
    expect(keystaticConfig.singletons?.["replyTemplates_de" as keyof typeof keystaticConfig.singletons]?.label).toBe("Reply templates (Deutsch)");
  });

  it.each(contentTypes)("lists %s in exactly one group", (key) => {
    expect(listed.filter((item) => item === key)).toHaveLength(1);
  });

  it("lists nothing that is not a singleton or collection of the studio", () => {
    expect(listed.filter((key) => !contentTypes.includes(key))).toEqual([]);
  });

  it("gives every singleton and collection its own name", () => {
    const labels = [...Object.values(keystaticConfig.singletons ?? {}), ...Object.values(keystaticConfig.collections ?? {})].map((type) => type.label);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
  });
});
