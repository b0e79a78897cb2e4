import { lazy, type ReactNode, Suspense } from "react";

/*
 * Parts most conversations never show, downloaded when first shown, so that what a visitor loads
 * to ask a first question stays within its budget (issue #5: 90 kB gzip): the forms (with the
 * country list), the ticket screens, the end of a chat, order cards and subscriptions. A failed
 * download reaches the app's error boundary (widget-app.tsx): the error screen, never a blank panel.
 */
export const CustomerForm = lazy(() => import("./customer-form").then((module) => ({ default: module.CustomerForm })));
export const TicketFormScreen = lazy(() =>
  import("./ticket-form-screen").then((module) => ({ default: module.TicketFormScreen })),
);
export const TicketRequest = lazy(() =>
  import("./ticket-form-screen").then((module) => ({ default: module.TicketRequest })),
);
export const TicketConfirmationScreen = lazy(() =>
  import("./ticket-confirmation-screen").then((module) => ({ default: module.TicketConfirmationScreen })),
);
export const ChatEnded = lazy(() => import("./chat-ended").then((module) => ({ default: module.ChatEnded })));
export const FeedbackForm = lazy(() => import("./feedback-form").then((module) => ({ default: module.FeedbackForm })));
export const OrderCard = lazy(() => import("./order-card").then((module) => ({ default: module.OrderCard })));
export const OrderSelfService = lazy(() =>
  import("./order-screens").then((module) => ({ default: module.OrderSelfService })),
);
export const SubscriptionList = lazy(() =>
  import("./subscription-list").then((module) => ({ default: module.SubscriptionList })),
);

/** Fetches the customer form ahead of the pre-chat screen (the visitor is typing their first question). */
export const preloadCustomerForm = () => void import("./customer-form").catch(() => {});

/** A part shown inside a screen: nothing in its place while it downloads. */
export function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** A whole screen: the loading spinner in its place while it downloads. */
export function LaterScreen({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="bd center" aria-busy="true">
          <span className="spin" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
