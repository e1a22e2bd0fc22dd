import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WithMessages, withWords } from "../../../../test-support/messages";
import { quoteIn } from "~/content/quote";
import { quoteChoicesIn } from "~/content/quote-choices";
import { quoteLimits } from "~/lib/contracts/quote";
import { QuoteForm } from "./quote-form";
import { quoteOptions } from "./quote-options.server";

const quote = quoteIn("en");
const options = quoteOptions(quote, quoteChoicesIn("en"));
const now = () => new Date("2026-11-25T10:00:00Z");
const product = (n: number) => within(screen.getByRole("group", { name: `Product ${n}` }));

// Values set as a change event each (typing 250 countries' worth of options by hand is slow in happy-dom).
const set = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function fillValidRequest() {
  set(product(1).getByLabelText("Product", { exact: true }), "men/hoodie");
  set(product(1).getByLabelText("Quantity (pieces)"), "1500");
  set(product(1).getByLabelText("Number of colours"), "3");
  set(product(1).getByLabelText("Sizes or size range"), "S-XXL");
  set(screen.getByLabelText("Company name"), "Nordic Retail AB");
  set(screen.getByLabelText("Contact name"), "Anna Berg");
  set(screen.getByLabelText("Business e-mail"), "anna@nordic.example");
  set(screen.getByLabelText("Country"), "SE");
  set(screen.getByLabelText("Buyer type"), "retailer");
  set(screen.getByLabelText("Incoterm"), "FOB");
  set(screen.getByLabelText("Destination port or city"), "Gothenburg");
  set(screen.getByLabelText("Wished delivery month"), "2027-03");
  set(screen.getByLabelText("Payment mode"), "LC");
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("QuoteForm", { timeout: 30_000 }, () => {
  it("fills the empty rows with the products asked for: the quote list, then ?item=", async () => {
    window.history.replaceState(null, "", "/quote?item=women/pant");
    render(<QuoteForm words={quote} options={options} initialProducts={[{ family: "men", item: "hoodie" }]} now={now} />, withWords);
    await waitFor(() => expect(product(1).getByLabelText("Product", { exact: true })).toHaveValue("men/hoodie"));
    expect(product(2).getByLabelText("Product", { exact: true })).toHaveValue("women/pant");
  });

  it("shows one product row until asked; each 'Add another product' adds one and takes the focus there, up to the limit", async () => {
    render(<QuoteForm words={quote} options={options} now={now} />, withWords);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole("button", { name: "Add another product" })).toBeInTheDocument());
    expect(screen.queryByRole("group", { name: "Product 2" })).toBeNull();
    for (let n = 2; n <= quoteLimits.maxProducts; n++) {
      await user.click(screen.getByRole("button", { name: "Add another product" }));
      expect(product(n).getByLabelText("Product", { exact: true })).toHaveFocus();
    }
    expect(screen.queryByRole("button", { name: "Add another product" })).toBeNull();
    expect(screen.getAllByRole("group", { name: /^Product \d$/ })).toHaveLength(quoteLimits.maxProducts);
  });

  it("tells the buyer beside a quantity under the minimum that it will be discussed as a trial order; sends it and says so once sent", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ reference: "Q-2026-00044", belowMinimum: true }), { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetch);
    render(<QuoteForm words={quote} options={options} now={now} />, withWords);
    const user = await fillValidRequest();
    const quantity = product(1).getByLabelText("Quantity (pieces)");
    const note =
      "1,499 pieces is below the usual minimum order of this product: 1,500 pieces (500 per colour, 3 colour(s)). You can still send the request: we will discuss it with you as a trial order.";
    // 1,500 in 3 colours is the hoodie's minimum (the company's 500 per colour): nothing to say.
    expect(quantity).not.toHaveAccessibleDescription();
    set(quantity, "1499");
    expect(await product(1).findByText(note)).toBeVisible();
    expect(quantity).toHaveAccessibleDescription(note);
    // Any whole number passes the browser's own check too (without JavaScript it posts as it is).
    expect(quantity).toHaveAttribute("min", "1");
    // Two colours ask for 1,000 pieces: 1,499 is enough, and the note goes.
    set(product(1).getByLabelText("Number of colours"), "2");
    await waitFor(() => expect(product(1).queryByText(/is below the usual minimum order/)).toBeNull());
    set(product(1).getByLabelText("Number of colours"), "3");
    expect(await product(1).findByText(note)).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Send quote request" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(screen.queryByRole("alert")).toBeNull();
    const status = screen.getByRole("status");
    expect(await within(status).findByText("Quote request sent. Your reference is Q-2026-00044: please quote it when you write to us.")).toBeVisible();
    expect(
      within(status).getByText(
        "A quantity you asked for is below the usual minimum order of its product: we take your request as a trial order and will discuss it with you.",
      ),
    ).toBeVisible();
    // Cleared with the form.
    expect(product(1).queryByText(note)).toBeNull();
  });

  it("says nothing of a trial order once sent when the server found every quantity at its minimum", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ reference: "Q-2026-00045", belowMinimum: false }), { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetch);
    render(<QuoteForm words={quote} options={options} now={now} />, withWords);
    const user = await fillValidRequest();
    await user.click(screen.getByRole("button", { name: "Send quote request" }));
    const status = screen.getByRole("status");
    expect(await within(status).findByText(/Your reference is Q-2026-00045/)).toBeVisible();
    expect(within(status).queryByText(/trial order/)).toBeNull();
  });

  it("refuses a delivery month before today + 30 days, naming the earliest", async () => {
    render(<QuoteForm words={quote} options={options} now={now} />, withWords);
    const user = await fillValidRequest();
    // happy-dom empties a month under `min` (Chrome keeps it and reports an underflow): the check under test is the form's own.
    screen.getByLabelText("Wished delivery month").removeAttribute("min");
    set(screen.getByLabelText("Wished delivery month"), "2026-11");
    await user.click(screen.getByRole("button", { name: "Send quote request" }));
    expect(await screen.findByRole("link", { name: "Choose 2026-12 or later: the lead time of what you chose is at least 30 days." })).toBeVisible();
  });

  it("shows a chosen product's own minimum order and lead time, measures the quantity and checks the delivery month against them", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ reference: "Q-2026-00043" }), { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetch);
    render(<QuoteForm words={quote} options={options} now={now} />, withWords);
    const user = await fillValidRequest();
    // The fixture's T-shirt: at least 300 pieces per colour, lead time 45–75 days.
    set(product(1).getByLabelText("Product", { exact: true }), "men/tshirt");
    expect(await product(1).findByText("Minimum order: 300 pieces per colour. Lead time: 45–75 days.")).toBeVisible();
    expect(product(1).getByLabelText("Product", { exact: true })).toHaveAccessibleDescription("Minimum order: 300 pieces per colour. Lead time: 45–75 days.");
    set(product(1).getByLabelText("Quantity (pieces)"), "899");
    const note =
      "899 pieces is below the usual minimum order of this product: 900 pieces (300 per colour, 3 colour(s)). You can still send the request: we will discuss it with you as a trial order.";
    expect(await product(1).findByText(note)).toBeVisible();
    screen.getByLabelText("Wished delivery month").removeAttribute("min");
    set(screen.getByLabelText("Wished delivery month"), "2026-12");
    await user.click(screen.getByRole("button", { name: "Send quote request" }));
    // 25 November + 45 days is in January: the one problem listed (the quantity is none).
    expect(await screen.findByRole("link", { name: "Choose 2027-01 or later: the lead time of what you chose is at least 45 days." })).toBeVisible();
    expect(screen.queryByRole("link", { name: /minimum/ })).toBeNull();
    expect(product(1).getByLabelText("Quantity (pieces)")).not.toBeInvalid();
    expect(fetch).not.toHaveBeenCalled();

    // 900 pieces in 3 colours is this product's minimum (the company's would be 1,500): no note.
    set(product(1).getByLabelText("Quantity (pieces)"), "900");
    await waitFor(() => expect(product(1).queryByText(/is below the usual minimum order/)).toBeNull());
    set(screen.getByLabelText("Wished delivery month"), "2027-01");
    await user.click(screen.getByRole("button", { name: "Send quote request" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
  });

  it("refuses a delivery month over 24 months ahead and an e-mail that is a list, beside their fields; sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    render(<QuoteForm words={quote} options={options} now={now} />, withWords);
    const user = await fillValidRequest();
    const month = screen.getByLabelText("Wished delivery month");
    expect(month).toHaveAttribute("max", "2028-11");
    month.removeAttribute("max");
    set(month, "9999-12");
    set(screen.getByLabelText("Business e-mail"), "a,b@evil.test");
    await user.click(screen.getByRole("button", { name: "Send quote request" }));
    expect(await screen.findByRole("link", { name: quote.problems["delivery-too-late"] })).toHaveAttribute("href", "#quote-deliveryMonth");
    expect(screen.getByRole("link", { name: quote.problems.email })).toHaveAttribute("href", "#quote-email");
    expect(month).toHaveAccessibleDescription(expect.stringContaining(quote.problems["delivery-too-late"]));
    expect(screen.getByLabelText("Business e-mail")).toHaveValue("a,b@evil.test");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends with fetch, shows 'Sending...', then the reference; the form is cleared", async () => {
    let answer!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    const onSent = vi.fn();
    render(<QuoteForm words={quote} options={options} now={now} onSent={onSent} />, withWords);
    const user = await fillValidRequest();
    await user.click(screen.getByRole("button", { name: "Send quote request" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(onSent).not.toHaveBeenCalled();
    answer(new Response(JSON.stringify({ reference: "Q-2026-00042" }), { status: 200, headers: { "Content-Type": "application/json" } }));
    expect(await screen.findByText("Quote request sent. Your reference is Q-2026-00042: please quote it when you write to us.")).toBeVisible();
    expect(screen.getByLabelText("Company name")).toHaveValue("");
    expect(onSent).toHaveBeenCalledOnce();
  });

  it("keeps everything and shows the failure when the server refuses", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ problem: "failed", issues: [] }), { status: 503 })),
    );
    render(<QuoteForm words={quote} options={options} now={now} />, withWords);
    const user = await fillValidRequest();
    await user.click(screen.getByRole("button", { name: "Send quote request" }));
    expect(await screen.findByText("Error sending quote request. Please try again.")).toBeVisible();
    expect(screen.getByLabelText("Company name")).toHaveValue("Nordic Retail AB");
  });
  // Decision 0166: the form's words, its problem messages and its numbers and months in the page's language.
  it("on a German page: German labels, problems named in German, numbers and months as German writes them; the post says its language", async () => {
    const de = quoteIn("de");
    const { container } = render(
      <WithMessages code="de">
        <QuoteForm words={de} options={quoteOptions(de, quoteChoicesIn("de"))} now={now} />
      </WithMessages>,
    );
    const row = within(screen.getByRole("group", { name: "Produkt 1" }));
    set(row.getByLabelText("Produkt", { exact: true }), "men/hoodie");
    set(row.getByLabelText("Anzahl der Farben"), "3");
    set(row.getByLabelText("Menge (Stück)"), "1499");
    const note =
      "1.499 Stück liegen unter der üblichen Mindestbestellmenge dieses Produkts: 1.500 Stück (500 pro Farbe, 3 Farbe(n)). Sie können die Anfrage dennoch senden: Wir besprechen sie mit Ihnen als Probeauftrag.";
    expect(await row.findByText(note)).toBeVisible();
    expect(screen.getByLabelText("Gewünschter Liefermonat")).toHaveAccessibleDescription("Nicht vor Dezember 2026: Die Lieferzeit beträgt mindestens 30 Tage.");
    expect(screen.getByLabelText("Land")).toHaveDisplayValue("Land auswählen");
    expect(screen.getByRole("option", { name: "Deutschland" })).toBeInTheDocument();
    set(screen.getByLabelText("Geschäftliche E-Mail-Adresse"), "kein Name");
    screen.getByLabelText("Gewünschter Liefermonat").removeAttribute("min");
    set(screen.getByLabelText("Gewünschter Liefermonat"), "2026-11");
    await userEvent.setup().click(screen.getByRole("button", { name: "Angebotsanfrage senden" }));
    expect(await screen.findByRole("heading", { name: "Bitte korrigieren Sie diese Felder" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Geben Sie eine geschäftliche E-Mail-Adresse ein, etwa name@firma.de." })).toHaveAttribute("href", "#quote-email");
    expect(screen.getByRole("link", { name: "Wählen Sie Dezember 2026 oder später: Die Lieferzeit Ihrer Auswahl beträgt mindestens 30 Tage." })).toBeVisible();
    expect(screen.getByLabelText("Geschäftliche E-Mail-Adresse")).toHaveAccessibleDescription(
      "Geben Sie eine geschäftliche E-Mail-Adresse ein, etwa name@firma.de.",
    );
    expect(new FormData(container.querySelector("form")!).get("locale")).toBe("de");
  });
});
