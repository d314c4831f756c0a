import type { FastifyRequest } from 'fastify'
import { MAX_UPLOAD_BYTES } from '@shop/shared/schemas/imports'
import { AppError } from './app-error.ts'

export interface UploadedFile {
  field: string
  filename: string
  mimetype: string
  data: Buffer
}

export interface MultipartBody {
  fields: Record<string, string>
  files: UploadedFile[]
}

/**
 * Reads a whole multipart body (fields and files, each file ≤ 5 MB) into memory.
 * Over the limit → 413; not multipart → 415. File names are only ever used as hints, never as paths.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415)
  const fields: Record<string, string> = {}
  const files: UploadedFile[] = []
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 60, fieldSize: 100_000 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer()
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 413)
        if (data.length > 0)
          files.push({ field: part.fieldname, filename: part.filename ?? '', mimetype: part.mimetype, data })
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '')
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    const code = (err as { code?: string }).code ?? ''
    if (
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_FIELDS_LIMIT'
    )
      throw new AppError('PAYLOAD_TOO_LARGE', 413)
    if (code.startsWith('FST_')) throw new AppError('BAD_REQUEST', 400)
    if (/Unexpected end of form|Malformed|boundary/i.test((err as Error).message ?? ''))
      throw new AppError('BAD_REQUEST', 400)
    throw err
  }
  return { fields, files }
}
