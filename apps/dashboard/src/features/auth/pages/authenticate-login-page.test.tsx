import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { bodiesSentTo, type StubAnswer, stubFetch } from "../../../test/fetch-stub";
import { renderRoutes } from "../../../test/render";
import { setPendingEmail } from "../pending-email";
import { AuthenticateLoginPage } from "./authenticate-login-page";

const EMAIL = "owner@shop.test";
const VALIDATE = "POST /api/auth/validate-email-otp";
const signedIn = {
  userID: "00000000-0000-4000-8000-000000000001",
  email: EMAIL,
  hasMultipleCompanies: false,
};

function renderPage(validate: (body: unknown) => StubAnswer | Promise<StubAnswer>) {
  const fetchMock = stubFetch({
    [VALIDATE]: validate,
    "POST /api/auth/get-email-otp": () => ({ message: `If ${EMAIL} has a Harbor account, a code is on its way.` }),
    "POST /api/auth/register": () => ({ message: `We sent a new code to ${EMAIL}` }),
  });
  const view = renderRoutes({
    initialPath: "/authenticate-login",
    initialState: { message: `We sent a code to ${EMAIL}` },
    routes: [
      { path: "/authenticate-login", element: <AuthenticateLoginPage /> },
      { path: "/sign-in", element: <p>sign-in screen</p> },
      { path: "/inbox", element: <p>inbox screen</p> },
      { path: "/onboarding", element: <p>onboarding screen</p> },
      { path: "/select-company", element: <p>select company screen</p> },
    ],
  });
  return { ...view, fetchMock, input: screen.getByLabelText(/sign-in code/i) as HTMLInputElement };
}

/** A validate answer the test releases when it wants, to look at the screen while the check runs. */
function deferred() {
  let release: (answer: StubAnswer) => void = () => {};
  const promise = new Promise<StubAnswer>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe("AuthenticateLoginPage", () => {
  it("sends the user back to sign in when no e-mail is held", () => {
    stubFetch({});
    renderRoutes({
      initialPath: "/authenticate-login",
      routes: [
        { path: "/authenticate-login", element: <AuthenticateLoginPage /> },
        { path: "/sign-in", element: <p>sign-in screen</p> },
      ],
    });
    expect(screen.getByText("sign-in screen")).toBeTruthy();
  });

  it("shows the e-mail, the sent message, mail links and the spam hint", () => {
    setPendingEmail(EMAIL);
    renderPage(() => ({ data: signedIn }));
    expect(screen.getByRole("heading", { name: "Authenticate Login" })).toBeTruthy();
    expect(screen.getByText(EMAIL)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain(`We sent a code to ${EMAIL}`);
    const gmail = screen.getByRole("link", { name: /open gmail/i });
    expect(gmail.getAttribute("href")).toBe("https://mail.google.com");
    expect(gmail.getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("link", { name: /open outlook/i }).getAttribute("href")).toBe("https://outlook.live.com");
    expect(screen.getByText(/spam/i)).toBeTruthy();
  });

  it("upper-cases, drops other characters and submits by itself at 6 characters, locked while checking", async () => {
    setPendingEmail(EMAIL);
    const answer = deferred();
    const user = userEvent.setup();
    const { input, fetchMock } = renderPage(() => answer.promise);

    await user.type(input, "ab-1 2c");
    expect(input.value).toBe("AB12C");
    expect(bodiesSentTo(fetchMock, VALIDATE)).toHaveLength(0);

    await user.type(input, "d");
    expect(input.value).toBe("AB12CD");
    await waitFor(() => expect(bodiesSentTo(fetchMock, VALIDATE)).toEqual([{ email: EMAIL, otp: "AB12CD" }]));
    expect(input.readOnly).toBe(true);
    expect(screen.getByRole("button", { name: "Resend code" }).hasAttribute("disabled")).toBe(true);

    answer.release({ data: { ...signedIn, isNewCompany: false } });
    expect(await screen.findByText("inbox screen")).toBeTruthy();
  });

  it("takes a pasted code without its separators and submits it", async () => {
    setPendingEmail(EMAIL);
    const user = userEvent.setup();
    const { input, fetchMock } = renderPage(() => ({ data: { ...signedIn, isNewCompany: true } }));

    await user.click(input);
    await user.paste("x9-k2 m7");
    expect(input.value).toBe("X9K2M7");
    await waitFor(() => expect(bodiesSentTo(fetchMock, VALIDATE)).toEqual([{ email: EMAIL, otp: "X9K2M7" }]));
    expect(await screen.findByText("onboarding screen")).toBeTruthy();
  });

  it("stays locked with the server's message on error until the user tries again", async () => {
    setPendingEmail(EMAIL);
    const user = userEvent.setup();
    const { input, fetchMock } = renderPage(() => ({ status: 400, message: "That code is not right." }));

    await user.type(input, "ZZZZZZ");
    expect((await screen.findByRole("alert")).textContent).toContain("That code is not right.");
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe("ZZZZZZ");

    // Typing more while locked changes nothing and sends nothing.
    await user.type(input, "A");
    expect(input.value).toBe("ZZZZZZ");
    expect(bodiesSentTo(fetchMock, VALIDATE)).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(input.readOnly).toBe(false);
    expect(input.value).toBe("");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("resends a sign-up code after signing up, and a sign-in code after signing in", async () => {
    setPendingEmail(EMAIL, "sign-up");
    const user = userEvent.setup();
    const { fetchMock, unmount } = renderPage(() => ({ data: signedIn }));
    await user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByText(`We sent a new code to ${EMAIL}`)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, "POST /api/auth/register")).toEqual([{ email: EMAIL }]);
    expect(bodiesSentTo(fetchMock, "POST /api/auth/get-email-otp")).toEqual([]);
    unmount();

    setPendingEmail(EMAIL);
    const signIn = renderPage(() => ({ data: signedIn }));
    await user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByText(/a code is on its way/)).toBeTruthy();
    expect(bodiesSentTo(signIn.fetchMock, "POST /api/auth/get-email-otp")).toEqual([{ email: EMAIL }]);
    expect(bodiesSentTo(signIn.fetchMock, "POST /api/auth/register")).toEqual([]);
  });

  it("goes to workspace selection when the user has several companies", async () => {
    setPendingEmail(EMAIL);
    const user = userEvent.setup();
    const { input } = renderPage(() => ({
      data: { ...signedIn, hasMultipleCompanies: true, isNewCompany: false },
    }));
    await user.type(input, "ABCDEF");
    expect(await screen.findByText("select company screen")).toBeTruthy();
  });
});
