import { randomBytes } from 'node:crypto'

export interface FormFile {
  field: string
  filename: string
  contentType: string
  data: Buffer
}

/** A multipart/form-data body for app.inject (test support; the browser builds these with FormData). */
export function multipartForm(fields: Record<string, string | number | boolean | null>, files: FormFile[] = []) {
  const boundary = `----shop${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value ?? ''}\r\n`))
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\ncontent-type: ${f.contentType}\r\n\r\n`))
    chunks.push(f.data, Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
