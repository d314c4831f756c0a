/** Opens the mail client; a seam so tests can see the address without navigating jsdom. */
export const mailer = { open: (url: string) => window.location.assign(url) }
