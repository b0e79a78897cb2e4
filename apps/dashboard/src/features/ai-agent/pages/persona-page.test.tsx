import type { AiAgent } from "@harbor/contract/ai-agent";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useRef } from "react";
import type { Area } from "react-easy-crop";
import { Link, Outlet } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { formsSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { aiAgent } from "../test-fixtures";
import { PersonaPage } from "./persona-page";

vi.mock("../../../lib/notify", () => ({ notifySuccess: vi.fn(), notifyError: vi.fn(), notifyInfo: vi.fn() }));

// happy-dom lays nothing out and has no canvas: the cropper reports a fixed area and the crop makes a small JPEG.
vi.mock("react-easy-crop", () => ({
  default: function FakeCropper({ onCropComplete }: { onCropComplete: (percentages: Area, pixels: Area) => void }) {
    const report = useRef(onCropComplete);
    useEffect(() => {
      report.current({ x: 0, y: 0, width: 100, height: 100 }, { x: 10, y: 20, width: 400, height: 400 });
    }, []);
    return <div data-testid="cropper" />;
  },
}));
vi.mock("../profile-picture", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../profile-picture")>()),
  cropPictureToJpeg: vi.fn(async () => new File(["jpeg bytes"], "profile-picture.jpg", { type: "image/jpeg" })),
}));

type Handler = (body: unknown) => StubAnswer | Promise<StubAnswer>;

function Shell() {
  return (
    <>
      <Link to="/inbox">Inbox</Link>
      <Outlet />
    </>
  );
}

function renderPage({ agent = aiAgent(), routes = {} }: { agent?: AiAgent; routes?: Record<string, Handler> } = {}) {
  const fetchMock = stubFetch({ "GET /api/ai-agent/": () => ({ data: agent }), ...routes });
  const view = renderRoutes({
    initialPath: "/ai-agent/persona",
    routes: [
      {
        element: <Shell />,
        children: [
          { path: "/ai-agent/persona", element: <PersonaPage /> },
          { path: "/inbox", element: <p>inbox screen</p> },
        ],
      },
    ],
  });
  return { ...view, fetchMock };
}

/** Answers a save with the agent made from the JSON parts sent, as the server does. */
function echoSave(agent: AiAgent, thumbnailURL: string | null = null): Handler {
  return (body) => {
    const form = body as FormData;
    return {
      data: {
        ...agent,
        persona: { ...JSON.parse(String(form.get("persona"))), thumbnailURL },
        company: JSON.parse(String(form.get("company"))),
      },
    };
  };
}

const saveButton = () => screen.getByRole("button", { name: "Save Changes" }) as HTMLButtonElement;
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function replaceText(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.clear(element);
  if (text) {
    await user.click(element);
    await user.paste(text);
  }
}

describe("PersonaPage", () => {
  it("shows a loader, then the saved persona and company", async () => {
    renderPage();
    expect(screen.getByRole("status").textContent).toContain("Loading your AI agent");
    expect((await screen.findByLabelText(/^Name/)).getAttribute("value")).toBe("Sam");
    expect(field(/^Designation/).value).toBe("Support specialist");
    expect((screen.getByLabelText(/^Response tone/) as HTMLSelectElement).value).toBe("friendly");
    expect((screen.getByLabelText(/^Response length/) as HTMLSelectElement).value).toBe("normal");
    expect(field(/^Company name/).value).toBe("Acme Outdoor");
    expect(field(/^Industry/).value).toBe("Retail");
    expect(screen.getByTestId("profile-picture").textContent).toBe("S");
  });

  it("offers the spec's tones and lengths", async () => {
    renderPage();
    const tone = (await screen.findByLabelText(/^Response tone/)) as HTMLSelectElement;
    expect(Array.from(tone.options).map((option) => option.textContent)).toEqual([
      "Normal",
      "Formal",
      "Friendly",
      "Casual",
      "Funny",
    ]);
    const length = screen.getByLabelText(/^Response length/) as HTMLSelectElement;
    expect(Array.from(length.options).map((option) => option.textContent)).toEqual(["Normal", "Brief", "Detailed"]);
  });

  it("keeps Save Changes off until something differs, sends the JSON parts as multipart, and turns it off again", async () => {
    const user = userEvent.setup();
    const agent = aiAgent();
    const { fetchMock } = renderPage({ agent, routes: { "POST /api/ai-agent/save": echoSave(agent) } });
    await screen.findByLabelText(/^Name/);
    expect(saveButton().disabled).toBe(true);

    // Typing and undoing it is no change.
    await user.type(field(/^Designation/), "!");
    expect(saveButton().disabled).toBe(false);
    await user.type(field(/^Designation/), "{Backspace}");
    expect(saveButton().disabled).toBe(true);

    await replaceText(user, field(/^Name/), "  Robin ");
    await user.selectOptions(screen.getByLabelText(/^Response tone/), "formal");
    await user.type(field(/^Industry/), " and outdoor");
    await user.click(saveButton());

    await waitFor(() => expect(formsSentTo(fetchMock, "POST /api/ai-agent/save")).toHaveLength(1));
    const [{ form, headers }] = formsSentTo(fetchMock, "POST /api/ai-agent/save") as [
      ReturnType<typeof formsSentTo>[number],
    ];
    expect(JSON.parse(String(form.get("persona")))).toEqual({
      name: "Robin",
      designation: "Support specialist",
      characteristics: "Patient and practical",
      responseTone: "formal",
      responseLength: "normal",
    });
    expect(JSON.parse(String(form.get("company")))).toEqual({
      name: "Acme Outdoor",
      description: "Outdoor gear",
      industry: "Retail and outdoor",
    });
    expect(form.has("images")).toBe(false);
    expect(form.has("thumbnailAdded")).toBe(false);
    // The browser must set the multipart boundary itself.
    expect(JSON.stringify(headers)).not.toMatch(/content-type/i);

    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith({ message: "Changes saved" }));
    expect(saveButton().disabled).toBe(true);
    expect(field(/^Name/).value).toBe("Robin");
  });

  it("saves once when Save Changes is pressed again while saving", async () => {
    const user = userEvent.setup();
    const agent = aiAgent();
    let release: () => void = () => {};
    const { fetchMock } = renderPage({
      agent,
      routes: {
        "POST /api/ai-agent/save": (body) =>
          new Promise<StubAnswer>((resolve) => {
            release = () => resolve(echoSave(agent)(body) as StubAnswer);
          }),
      },
    });
    await user.type(await screen.findByLabelText(/^Name/), "a");
    await user.click(saveButton());
    await user.type(field(/^Name/), "{Enter}");
    fireEvent.submit(saveButton().closest("form")!);
    release();
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(formsSentTo(fetchMock, "POST /api/ai-agent/save")).toHaveLength(1);
  });

  it("requires name, designation, characteristics and company name, and caps the texts at 250 characters", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    await screen.findByLabelText(/^Name/);
    await user.clear(field(/^Name/));
    await user.clear(field(/^Designation/));
    await user.clear(field(/^Company name/));
    await replaceText(user, screen.getByLabelText(/^Characteristics/), "a".repeat(251));
    await replaceText(user, screen.getByLabelText(/^Company description/), "b".repeat(251));
    expect(screen.getAllByTestId("character-counter").map((counter) => counter.textContent)).toEqual([
      "251 / 250 characters",
      "251 / 250 characters",
    ]);
    await user.click(saveButton());

    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(screen.getByText("Designation is required")).toBeTruthy();
    expect(screen.getByText("Company name is required")).toBeTruthy();
    expect(screen.getByText("Characteristics can be at most 250 characters")).toBeTruthy();
    expect(screen.getByText("Company description can be at most 250 characters")).toBeTruthy();
    expect(formsSentTo(fetchMock, "POST /api/ai-agent/save")).toHaveLength(0);
  });

  it("scrolls to and focuses the first invalid field when the error is below the fold", async () => {
    const user = userEvent.setup();
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView");
    const { fetchMock } = renderPage();
    // The company section is the lower one: with a long persona above, its error starts off-screen.
    await user.clear(await screen.findByLabelText(/^Company name/));
    await user.click(saveButton());

    await waitFor(() => expect(document.activeElement).toBe(field(/^Company name/)));
    expect(scrolled.mock.contexts).toEqual([field(/^Company name/)]);
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: "center" }));
    expect(field(/^Company name/).getAttribute("aria-invalid")).toBe("true");
    expect(formsSentTo(fetchMock, "POST /api/ai-agent/save")).toHaveLength(0);
    scrolled.mockRestore();
  });

  it("keeps the changes and shows the server's message when the save is refused", async () => {
    const user = userEvent.setup();
    renderPage({
      routes: { "POST /api/ai-agent/save": () => ({ status: 400, message: "The persona could not be saved" }) },
    });
    await user.type(await screen.findByLabelText(/^Designation/), " lead");
    await user.click(saveButton());
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith({ message: "The persona could not be saved" }));
    expect(field(/^Designation/).value).toMatch(/ lead$/);
    expect(saveButton().disabled).toBe(false);
  });

  it("crops a new picture and uploads it as a JPEG with thumbnailAdded", async () => {
    const user = userEvent.setup();
    const agent = aiAgent();
    const { fetchMock, container } = renderPage({
      agent,
      routes: { "POST /api/ai-agent/save": echoSave(agent, "https://cdn.test/sam.jpg") },
    });
    await screen.findByLabelText(/^Name/);
    const picker = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker.accept).toBe("image/jpeg,image/png,image/webp");
    await user.upload(picker, new File(["png bytes"], "me.png", { type: "image/png" }));

    await screen.findByRole("dialog", { name: "Crop picture" });
    await user.click(await screen.findByRole("button", { name: "Use picture" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("New picture, saved with your changes.")).toBeTruthy();
    expect(saveButton().disabled).toBe(false);

    await user.click(saveButton());
    await waitFor(() => expect(formsSentTo(fetchMock, "POST /api/ai-agent/save")).toHaveLength(1));
    const [{ form }] = formsSentTo(fetchMock, "POST /api/ai-agent/save") as [ReturnType<typeof formsSentTo>[number]];
    const image = form.get("images") as File;
    expect(image.type).toBe("image/jpeg");
    expect(image.name).toBe("profile-picture.jpg");
    expect(form.get("thumbnailAdded")).toBe("true");
    expect(JSON.parse(String(form.get("persona")))).not.toHaveProperty("thumbnailURL");

    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(screen.getByRole("img", { name: "Profile picture of Sam" }).getAttribute("src")).toBe(
      "https://cdn.test/sam.jpg",
    );
  });

  it("refuses a picture over 10 MB before cropping", async () => {
    const user = userEvent.setup();
    const { container } = renderPage();
    await screen.findByLabelText(/^Name/);
    const huge = new File(["x"], "huge.jpg", { type: "image/jpeg" });
    Object.defineProperty(huge, "size", { value: 10 * 1024 * 1024 + 1 });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, huge);
    expect(screen.getByRole("alert").textContent).toBe("This picture is larger than 10 MB. Choose a smaller one.");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(saveButton().disabled).toBe(true);
  });

  it("asks before leaving with unsaved changes", async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.type(await screen.findByLabelText(/^Name/), "x");
    await user.click(screen.getByRole("link", { name: "Inbox" }));
    expect(await screen.findByRole("dialog", { name: "You Have Unsaved Changes" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/ai-agent/persona");
  });

  it("shows the server's message when the agent cannot be read", async () => {
    renderPage({ routes: { "GET /api/ai-agent/": () => ({ status: 500, message: "The AI agent is unavailable" }) } });
    expect((await screen.findByRole("alert")).textContent).toContain("The AI agent is unavailable");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
