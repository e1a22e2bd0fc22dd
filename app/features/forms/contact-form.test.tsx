import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ContactForm } from "./contact-form";

const fast = { minFillMs: 0 };

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Name"), "Ada Buyer");
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Subject"), "Knitwear");
  await user.type(screen.getByLabelText("Message"), "We need sweaters.");
  return user;
}

describe("ContactForm", () => {
  it("sends name, email, subject and message, shows 'Sending...', then success and clears the fields", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    let answer!: (r: Response) => void;
    const fetch = vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<ContactForm sendOptions={fast} />);
    const user = await fillIn();
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const button = await screen.findByRole("button", { name: "Sending..." });
    expect(button).toBeDisabled();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body)).template_params).toEqual({
      name: "Ada Buyer",
      email: "ada@example.com",
      subject: "Knitwear",
      message: "We need sweaters.",
    });
    answer(new Response("OK"));

    expect(await screen.findByText("Message sent successfully!")).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("Message sent successfully!");
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("shows the failure message and keeps everything typed when the service refuses", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("Forbidden", { status: 403 }));
    render(<ContactForm sendOptions={fast} />);
    const user = await fillIn();
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByText("Error sending message. Please try again.")).toBeVisible();
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Buyer");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Subject")).toHaveValue("Knitwear");
    expect(screen.getByLabelText("Message")).toHaveValue("We need sweaters.");
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/status 403 Forbidden/));
  });

  it("gives two instances distinct ids and the chosen heading level", () => {
    render(
      <>
        <ContactForm headingLevel={2} />
        <ContactForm headingLevel={3} />
      </>,
    );
    expect(screen.getAllByRole("form", { name: "Get In Touch" })).toHaveLength(2);
    expect(screen.getAllByRole("heading", { name: "Get In Touch" }).map((h) => h.tagName)).toEqual(["H2", "H3"]);
    const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(screen.getAllByLabelText("Email")).toHaveLength(2);
  });
});
