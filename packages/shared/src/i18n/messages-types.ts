/** The texts of one language: zod validation keys (validation.*) and API error codes (errors.*). */
export type Messages = { validation: Record<string, string>; errors: Record<string, string> }
