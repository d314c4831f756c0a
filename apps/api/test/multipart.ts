import { randomBytes } from 'node:crypto'

export interface Part {
  name: string
  value: string | Buffer
  filename?: string
  contentType?: string
}

/** A multipart/form-data body built by hand, so a test controls every byte and file name (the browser uses FormData). */
export function multipart(parts: Part[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----sec${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    const file = p.filename !== undefined ? `; filename="${p.filename}"` : ''
    const type = p.contentType ? `\r\ncontent-type: ${p.contentType}` : ''
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`),
      Buffer.from(p.value),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export interface FormFile {
  field: string
  filename: string
  contentType: string
  data: Buffer
}

/** Form fields (null → empty) then files, as one multipart body: the shape the dashboard's forms send. */
export function multipartForm(
  fields: Record<string, string | number | boolean | null>,
  files: FormFile[] = [],
) {
  return multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value ?? '') })),
    ...files.map((f) => ({ name: f.field, value: f.data, filename: f.filename, contentType: f.contentType })),
  ])
}
