// The owner's admin area: the site's one client-side app, routed with react-router-dom's data router.
// Loaders and actions call supabase-js through runtime/backend/. The layout route's loader says who is
// signed in; its action signs in and out; each screen loads its own data, and only for an admin.
import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter, type ActionFunctionArgs, type RouteObject } from 'react-router-dom';
import { toast } from '../client/toast.ts';
import { signIn, signOut } from '../backend/previews.ts';
import type { AdminAppProps } from './context.ts';
import { AdminLayout, AdminNotFound, AdminShell, HydrateShell, ScreenError } from './layout.tsx';
import { InsightsScreen, insightsLoader } from './insights.tsx';
import { MessagesScreen, messagesAction, messagesLoader } from './messages.tsx';
import { NewslettersScreen, newslettersLoader } from './newsletters.tsx';
import { OverviewScreen, overviewLoader } from './overview.tsx';
import { reopenAction } from './site-limits.tsx';
import { PreviewsScreen, previewsLoader } from './previews.tsx';
import { adminSession, watchSession } from './session.ts';
import { SubscribersScreen, subscribersLoader } from './subscribers.tsx';
import { SettingsScreen } from './settings.tsx';
import { UploadScreen } from './upload.tsx';

async function sessionAction({ request }: ActionFunctionArgs): Promise<{ error: string | null }> {
  const form = await request.formData();
  if (form.get('intent') === 'sign-out') {
    const { error } = await signOut().catch((e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }));
    if (error) toast.error('Sign-out failed', { description: error });
    return { error };
  }
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const result = await signIn(email, password).catch((e: unknown) => ({ user: null, error: e instanceof Error ? e.message : String(e) }));
  if (result.error || !result.user) {
    const message = result.error || 'Please try again.';
    toast.error('Sign-in failed', { description: message });
    return { error: message };
  }
  toast.dismiss();
  return { error: null };
}

export function adminRoutes(props: AdminAppProps): RouteObject[] {
  return [
    {
      id: 'admin',
      path: '/admin',
      element: <AdminLayout props={props} />,
      HydrateFallback: HydrateShell,
      loader: adminSession,
      action: sessionAction,
      // Nothing after a fetcher's sign-in or sign-out but the session changes, so every loader reruns.
      children: [
        { index: true, element: <OverviewScreen />, loader: overviewLoader(props.previews), action: reopenAction, errorElement: <ScreenError /> },
        { path: 'insights', element: <InsightsScreen funnelsDeclared={(props.funnels ?? []).length > 0} experiments={props.experiments ?? []} />, loader: insightsLoader(props), errorElement: <ScreenError /> },
        { path: 'messages', element: <MessagesScreen />, loader: messagesLoader, action: messagesAction, errorElement: <ScreenError /> },
        { path: 'subscribers', element: <SubscribersScreen />, loader: subscribersLoader, errorElement: <ScreenError /> },
        { path: 'newsletters', element: <NewslettersScreen newsletters={props.newsletters ?? []} />, loader: newslettersLoader(props.newsletters ?? []), errorElement: <ScreenError /> },
        { path: 'previews', element: <PreviewsScreen />, loader: previewsLoader(props.previews), errorElement: <ScreenError /> },
        { path: 'upload', element: <UploadScreen /> },
        { path: 'settings', element: <SettingsScreen /> },
        { path: '*', element: <AdminNotFound /> },
      ],
    },
  ];
}

/**
 * Prerendered as the shell of its route ('Checking whether you are signed in…'); in the browser the
 * first render is the same shell, then the router takes over from the address bar.
 */
export function AdminApp(props: AdminAppProps) {
  const [router, setRouter] = useState<ReturnType<typeof createBrowserRouter> | null>(null);
  useEffect(() => {
    const r = createBrowserRouter(adminRoutes(props));
    setRouter(r);
    // Another tab signing in or out, or the session lapsing, shows at once.
    const stop = watchSession(() => void r.revalidate());
    return () => {
      stop();
      r.dispose();
    };
    // The props are the page's, fixed for its lifetime: one router per page load.
  }, []);
  return router ? <RouterProvider router={router} /> : <AdminShell pathname={props.route} />;
}
