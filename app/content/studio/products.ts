import { collection, fields, singleton } from "@keystatic/core";
import { certificateStandardIds, certificateStandards } from "../../lib/contracts/products";
import { template, text } from "./fields";

// The certificates as records (decision 0076: content/certificate-records/<id>.yaml, with their files
// under content/media/certificates/), and the words of the product pages, the catalogue (/gallery),
// the certificates and the line sheets (content/gallery/catalogue.yaml).

const optional = (label: string, description: string, { multiline = false, max = 300 } = {}) =>
  fields.text({ label, description, multiline, validation: { length: { max } } });

export const certificateRecords = collection({
  label: "Certificates: records",
  path: "content/certificate-records/*",
  slugField: "name",
  format: { data: "yaml" },
  columns: ["name", "validUntil"],
  schema: {
    name: fields.slug({
      name: { label: "Name", description: "As buyers read it, e.g. GOTS – Global Organic Textile Standard.", validation: { length: { min: 1, max: 120 } } },
    }),
    standard: fields.select({
      label: "Standard",
      description: "Decides the Verify link: OEKO-TEX opens the certificate from its number; GOTS, GRS, FSC and ISO 9001 open their public search.",
      options: certificateStandardIds.map((id) => ({ label: certificateStandards[id].name, value: id })),
      defaultValue: "other",
    }),
    issuedBy: text("Issuing body", { description: "Who certified, e.g. Control Union, Hohenstein, WRAP." }),
    number: text("Certificate or licence number", {
      description:
        "Exactly as on the certificate, e.g. CU 1234567 or 21.HBD.12345. A number with SAMPLE in it, or no digit but 0, is a placeholder: the staff desk lists it under What the content lacks.",
    }),
    holder: text("Holder", { description: "Which factory or company holds it, e.g. our knitting partner in Gazipur." }),
    scope: optional("Scope", "What it covers, e.g. Knitting, dyeing and garment making of organic cotton jersey.", { multiline: true }),
    validFrom: fields.date({ label: "Valid from", validation: { isRequired: true } }),
    validUntil: fields.date({
      label: "Valid until",
      description: "The last valid day. The next day the certificate leaves the site by itself; administrators are e-mailed 30 days before.",
      validation: { isRequired: true },
    }),
    verificationLink: fields.text({
      label: "Verification link (optional)",
      description: "Only if the standard's own check should open somewhere else than the link made from the number (an https:// address).",
      validation: { pattern: { regex: /^$|^https:\/\/\S+$/, message: "Verification link must be empty or an https:// address" } },
    }),
    file: fields.file({
      label: "Certificate file (optional)",
      description: "The certificate as a PDF, JPEG or PNG, at most 10 MB. Buyers can open it from the compliance page.",
      directory: "content/media/certificates",
      publicPath: "/media/certificates/",
    }),
  },
});

export const catalogue = singleton({
  label: "Catalogue, product pages and line sheets: words",
  path: "content/gallery/catalogue",
  format: { data: "yaml" },
  schema: {
    specs: fields.object(
      {
        heading: text("Heading of a product's specifications"),
        construction: text("Construction"),
        gauge: text("Gauge"),
        material: text("Material"),
        composition: text("Composition"),
        cottonTypes: text("Cotton"),
        fabricWeight: text("Fabric weight"),
        sizes: text("Sizes"),
        colourways: text("Colourways"),
        customisation: text("Customisation"),
        moq: text("Minimum order"),
        moqValue: template("Minimum order, the value", ["pieces"], { description: "{pieces} is the number, e.g. 500." }),
        leadTime: text("Lead time"),
        leadTimeValue: template("Lead time of a product, the value", ["from", "to"], { description: "e.g. {from}–{to} days." }),
        leadTimeCompany: template("Lead time by default (the company's), the value", ["local", "imported"], {
          description: "{local} and {imported} are the company's ranges, e.g. 30-90.",
        }),
        samples: text("Samples"),
        certificates: text("Certificates"),
      },
      { label: "Product specifications (product pages, catalogue, line sheets)" },
    ),
    constructions: fields.object(
      {
        woven: text("Woven"),
        jersey: text("Jersey"),
        "flat-knit": text("Flat knit"),
        "circular-knit": text("Circular knit"),
        outerwear: text("Outerwear"),
        "non-textile": text("Non-textile"),
      },
      { label: "Construction names" },
    ),
    cottonTypes: fields.object({ cima: text("CIMA"), bci: text("BCI"), organic: text("Organic") }, { label: "Cotton type names" }),
    customisations: fields.object(
      {
        print: text("Print"),
        embroidery: text("Embroidery"),
        wash: text("Wash"),
        "private-label": text("Private label"),
        packaging: text("Packaging"),
      },
      { label: "Customisation names" },
    ),
    certificates: fields.object(
      {
        heading: text("Heading of the certificate records (compliance page)"),
        intro: text("Intro of the certificate records", { multiline: true }),
        none: text("Shown when no certificate record is valid"),
        number: text("Number"),
        issuedBy: text("Issued by"),
        holder: text("Holder"),
        scope: text("Scope"),
        validity: template("Validity", ["from", "until"], { description: "e.g. {from} to {until}." }),
        verify: text("Verify link (visible)"),
        verifyLabel: template("Added to the Verify link for screen readers", ["name", "number"]),
        verifySearchHint: template("Beside a Verify link that opens the standard's search", ["number"], {
          description: "e.g. Enter {number} in the search.",
        }),
        file: text("Link to the certificate file"),
        fileLabel: template("Added to the certificate file link for screen readers", ["name"]),
        cardLink: text("Added for screen readers to a home carousel card that links to its record"),
      },
      { label: "Certificates (compliance page, product pages)" },
    ),
    filter: fields.object(
      {
        heading: text("Heading of the filters"),
        search: text("Search field"),
        searchHint: text("Hint under the search field"),
        family: text("Family filter"),
        construction: text("Construction filter"),
        material: text("Material or cotton filter"),
        certificate: text("Certificate filter"),
        moq: text("Minimum order filter"),
        moqUpTo: template("A minimum order choice", ["pieces"], { description: "e.g. Up to {pieces} pieces per colour." }),
        any: text("The 'any' choice of every filter"),
        results: template("Result count", ["count", "total"], { description: "e.g. {count} of {total} products." }),
        noResults: text("When no product matches", { multiline: true }),
        clear: text("Clear all filters"),
      },
      { label: "Catalogue filters (/gallery)" },
    ),
    lineSheets: fields.object(
      {
        familyLink: template("Link to a family's line sheet", ["family", "size"], { description: "e.g. Download the {family} line sheet (PDF, {size})." }),
        catalogueLink: template("Link to the whole catalogue", ["size"]),
        title: template("Title of a family's line sheet", ["family"]),
        catalogueTitle: text("Title of the whole catalogue"),
        issued: template("Date of issue", ["date"]),
        contact: text("Heading of the contact block"),
        pricesNote: text("Note on prices", { multiline: true }),
        productLink: text("Before each product's web address"),
      },
      { label: "Line sheets (PDF)" },
    ),
  },
});
