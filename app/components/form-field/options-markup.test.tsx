import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field";
import { renderOptionsMarkup } from "./options-markup.server";

const markup = renderOptionsMarkup([
  { value: "", label: "Choose a product" },
  {
    label: "Men & Boys",
    options: [
      { value: "men/tshirt", label: "T-Shirt" },
      { value: "men/a&b", label: 'Straw <b>"Basket"</b>' },
    ],
  },
]);

describe("options given as markup made at build time", () => {
  it("lists every choice in order, grouped, with each label as text (escaped, never markup)", () => {
    render(<FormField as="select" label="Product" options={markup} />);
    const select = screen.getByRole("combobox", { name: "Product" });
    expect([...(select as HTMLSelectElement).options].map((o) => [o.value, o.textContent])).toEqual([
      ["", "Choose a product"],
      ["men/tshirt", "T-Shirt"],
      ["men/a&b", 'Straw <b>"Basket"</b>'],
    ]);
    expect(screen.getByRole("group", { name: "Men & Boys" })).toBeInTheDocument();
    expect(select.querySelector("b")).toBeNull();
  });

  it("keeps the buyer's choice when the field renders again (an error shown beside it)", async () => {
    const { rerender } = render(<FormField as="select" label="Product" options={markup} />);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Product" }), "men/tshirt");
    rerender(<FormField as="select" label="Product" options={{ html: markup.html }} error="Please choose a product." />);
    expect(screen.getByRole("combobox", { name: "Product" })).toHaveValue("men/tshirt");
    expect(screen.getByRole("combobox", { name: "Product" })).toHaveAccessibleDescription("Please choose a product.");
  });
});
