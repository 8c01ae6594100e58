/** The Hono environment shared by every route of the API. */
export type AdminPrincipal = { id: number; email: string };

export type AppEnv = {
  Variables: {
    requestId: string;
    /** Set by requireAdmin on guarded routes. */
    admin?: AdminPrincipal;
  };
};
