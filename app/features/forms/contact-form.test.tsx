import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localMailIds } from "~/lib/contracts/form-endpoint";
import { forms } from "~/lib/contracts/constants";
import { settle, settleUntil } from "../../../test-support/settle";
import { ContactForm } from "./contact-form";
import { WithMessages } from "../../../test-support/messages";

const fast = { minFillMs: 0 };
const typed = { name: "Ada Buyer", email: "ada@example.com", subject: "Knitwear", message: "We need sweaters." };

afterEach(() => vi.useRealTimers());

async function fillIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Name"), typed.name);
  await user.type(screen.getByLabelText("Email"), typed.email);
  await user.type(screen.getByLabelText("Subject"), typed.subject);
  await user.type(screen.getByLabelText("Message"), typed.message);
  return user;
}

/** Every field still holds what was typed. */
function expectKept() {
  expect(screen.getByLabelText("Name")).toHaveValue(typed.name);
  expect(screen.getByLabelText("Email")).toHaveValue(typed.email);
  expect(screen.getByLabelText("Subject")).toHaveValue(typed.subject);
  expect(screen.getByLabelText("Message")).toHaveValue(typed.message);
}

// How a send may end other than in success; each must end in the failure message (the browser
// keeps one of them, e2e/contact.spec.ts, for the message's red on the rendered page).
const failures: [string, () => Promise<Response>, RegExp][] = [
  [
    "451 Unavailable For Headless Browser",
    async () => new Response("Unavailable For Headless Browser", { status: 451 }),
    /status 451 Unavailable For Headless Browser/,
  ],
  ["403 Forbidden", async () => new Response("Forbidden", { status: 403 }), /status 403 Forbidden/],
  ["429 Too Many Requests", async () => new Response("Too Many Requests", { status: 429 }), /status 429 Too Many Requests/],
  ["network error (status 0)", () => Promise.reject(new TypeError("Failed to fetch")), /Failed to fetch/],
];

describe("ContactForm", () => {
  it("sends name, email, subject and message with the contact template, shows 'Sending...', then success and clears the fields", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    let answer!: (r: Response) => void;
    const fetch = vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<ContactForm headingLevel={2} sendOptions={fast} />, { wrapper: WithMessages });
    const user = await fillIn();
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    const button = await screen.findByRole("button", { name: "Sending..." });
    expect(button).toBeDisabled();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const body = JSON.parse(String(fetch.mock.calls[0]![1]?.body));
    expect(body).toMatchObject({ user_id: localMailIds.publicKey, service_id: localMailIds.serviceId, template_id: localMailIds.templates.contact });
    // With the page's language (decision 0164), which the server checks and keeps with the lead.
    expect(body.template_params).toEqual(typed);
    answer(new Response("OK"));

    expect(await screen.findByText("Message sent successfully!")).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("Message sent successfully!");
    // The colour the browser shows green (e2e/career.spec.ts checks it rendered, on the same FormStatus).
    expect(screen.getByText("Message sent successfully!").closest("p")).toHaveClass("text-green-800");
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByLabelText("Subject")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it.each(failures)("ends a %s in the failure message and keeps everything typed", async (_, answer, logged) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockImplementation(answer);
    render(<ContactForm headingLevel={2} sendOptions={fast} />, { wrapper: WithMessages });
    const user = await fillIn();
    await user.click(screen.getByRole("button", { name: "Send Message" }));

    expect(await screen.findByText("Error sending message. Please try again.")).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent(/^Error sending message\. Please try again\.$/);
    expect(screen.getByText("Error sending message. Please try again.")).toHaveClass("text-red-700");
    expectKept();
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/contact form: sending failed/));
    expect(error).toHaveBeenCalledWith(expect.stringMatching(logged));
  });

  it("ends a send with no answer after 15 s in the failure message and keeps the input", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await import("@emailjs/browser"); // loaded, as the first interaction does, before the clock stops
    const fetch = vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise(() => {}));
    render(<ContactForm headingLevel={2} />, { wrapper: WithMessages });
    await fillIn();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    // Past the minimum fill time: from here only the test moves the clock.
    await vi.advanceTimersByTimeAsync(forms.minFillMs + 5_000);
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await settleUntil(() => fetch.mock.calls.length > 0, "the send");
    expect(fetch).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(14_000);
    await settle();
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent(/^$/);
    await vi.advanceTimersByTimeAsync(1_500);
    await settleUntil(() => screen.getByRole("status").textContent !== "", "the failure message");
    expect(screen.getByRole("status")).toHaveTextContent(/^Error sending message\. Please try again\.$/);
    expectKept();
  });

  it("gives two instances distinct ids and the chosen heading level", () => {
    render(
      <WithMessages>
        <ContactForm headingLevel={2} />
        <ContactForm headingLevel={3} />
      </WithMessages>,
    );
    expect(screen.getAllByRole("form", { name: "Get In Touch" })).toHaveLength(2);
    expect(screen.getAllByRole("heading", { name: "Get In Touch" }).map((h) => h.tagName)).toEqual(["H2", "H3"]);
    const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(screen.getAllByLabelText("Email")).toHaveLength(2);
  });
});
