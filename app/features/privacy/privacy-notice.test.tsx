import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { privacyIn } from "~/content/privacies";
import { site } from "~/content/site";
import { PrivacyNotice } from "./privacy-notice";

// The English notice, as /privacy's loader gives it (decision 0168).
const privacy = privacyIn("en");

describe("PrivacyNotice", () => {
  it("gives each form its part: what it sends, why, who receives it, how long it is kept", () => {
    render(<PrivacyNotice privacy={privacy} analyticsUsed={false} />);
    const forms = screen.getByRole("region", { name: privacy.formsHeading });
    for (const form of privacy.forms) {
      const part = within(forms).getByRole("region", { name: form.heading });
      const terms = within(part)
        .getAllByRole("term")
        .map((t) => t.textContent);
      expect(terms).toEqual([privacy.labels.fields, privacy.labels.purpose, privacy.labels.recipients, privacy.labels.kept]);
      expect(
        within(part)
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual(form.fields);
      for (const text of [...form.purpose, ...form.recipients, ...form.kept]) expect(within(part).getByText(text)).toBeInTheDocument();
    }
  });

  it("without analytics says so and offers no choice; with analytics explains it and shows the controls given", () => {
    const { unmount } = render(<PrivacyNotice privacy={privacy} analyticsUsed={false} analyticsChoice={<button type="button">Choose</button>} />);
    let analytics = screen.getByRole("region", { name: privacy.analytics.heading });
    expect(within(analytics).getByText(privacy.analytics.notUsed[0]!)).toBeInTheDocument();
    expect(within(analytics).queryByRole("button")).toBeNull();
    unmount();
    render(<PrivacyNotice privacy={privacy} analyticsUsed analyticsChoice={<button type="button">Choose</button>} />);
    analytics = screen.getByRole("region", { name: privacy.analytics.heading });
    expect(within(analytics).getByText(privacy.analytics.used[0]!)).toBeInTheDocument();
    expect(within(analytics).getByText(privacy.analytics.change[0]!)).toBeInTheDocument();
    expect(within(analytics).getByRole("button", { name: "Choose" })).toBeInTheDocument();
    expect(within(analytics).queryByText(privacy.analytics.notUsed[0]!)).toBeNull();
  });

  it("makes the company's e-mail address a mail link where a text names it", () => {
    render(<PrivacyNotice privacy={privacy} analyticsUsed={false} />);
    const rights = screen.getByRole("region", { name: privacy.rights.heading });
    expect(within(rights).getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    expect(screen.getByText(privacy.updatedLine)).toBeInTheDocument();
  });
});
