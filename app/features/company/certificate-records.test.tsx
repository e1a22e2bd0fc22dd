import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { certificateRecords } from "~/content/certificate-records";
import { CertificateRecords } from "./certificate-records";
import { WithMessages } from "../../../test-support/messages";

// The certificate records' words in the page's language (decision 0167): the fixture translates the
// catalogue's and certificates' page words into German; a record's validity is written in the words'
// language. The records themselves (names, numbers, issuers) are content, not translated here.

// The English records, unmarked (their own translation is decision 0168's, tested with the compliance page).
const records = certificateRecords.map((r) => ({ ...r, lang: null, scopeLang: null }));
const gots = certificateRecords.find((r) => r.validFrom === "2025-01-01" && r.validUntil === "2099-12-31")!;

function renderIn(code: string) {
  return render(
    <WithMessages code={code}>
      <main lang={code === "en" ? undefined : "en"}>
        <CertificateRecords records={records} />
      </main>
    </WithMessages>,
  );
}

describe("CertificateRecords", () => {
  it("on a German page: the section's words German and marked German, the validity in German dates, the Verify link worded in German", () => {
    renderIn("de");
    const heading = screen.getByRole("heading", { level: 2, name: "Zertifikate, die Sie selbst prüfen können" });
    expect(heading).toHaveAttribute("lang", "de");
    const record = within(screen.getByRole("heading", { level: 3, name: gots.name }).closest("li")!);
    const validity = record.getByText("Gültig vom 1. Januar 2025 bis 31. Dezember 2099");
    expect(validity.closest("[lang]")).toHaveAttribute("lang", "de");
    expect(record.getByText("Nummer").closest("[lang]")).toHaveAttribute("lang", "de");
    expect(record.getByRole("link", { name: new RegExp(`^Prüfen ${gots.name}, Nummer`) })).toBeInTheDocument();
  });

  it("on the default language's page: the English words, unmarked, the dates in English", () => {
    const { container } = renderIn("en");
    expect(screen.getByRole("heading", { level: 2, name: "Certificates you can verify" })).toBeInTheDocument();
    expect(screen.getByText("Valid 1 January 2025 to 31 December 2099")).toBeInTheDocument();
    expect(container.querySelector("[lang]")).toBeNull();
  });
});
