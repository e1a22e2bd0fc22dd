import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field";

describe("FormField", () => {
  it("labels its input and ties hint and error to it", () => {
    render(<FormField label="Resume" hint="At most 50KB." error="Please upload your resume." type="file" required />);
    const input = screen.getByLabelText("Resume");
    expect(input).toHaveAttribute("type", "file");
    expect(input).toBeRequired();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription("At most 50KB. Please upload your resume.");
    expect(screen.getByRole("alert")).toHaveTextContent("Please upload your resume.");
  });

  it("renders a textarea, valid and without a description when there is no error", () => {
    render(<FormField as="textarea" label="Message" rows={4} />);
    const textarea = screen.getByRole("textbox", { name: "Message" });
    expect(textarea.tagName).toBe("TEXTAREA");
    expect(textarea).not.toHaveAttribute("aria-invalid");
    expect(textarea).not.toHaveAttribute("aria-describedby");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
