import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MAX_WIDTH, PROFILE_IMAGE_TYPES } from "@harbor/contract/ai-agent";
import { texts } from "../../lib/texts";

const t = texts.aiAgent.persona.picture;

/**
 * The largest picture a user may pick. It is cropped and scaled down before upload, so this may be
 * far above what the server accepts (PROFILE_IMAGE_MAX_BYTES).
 */
export const PICTURE_PICK_MAX_MEGABYTES = 10;
const PICTURE_PICK_MAX_BYTES = PICTURE_PICK_MAX_MEGABYTES * 1024 * 1024;
const JPEG_QUALITY = 0.9;

/** What is wrong with a picked file, or null when it can be cropped. */
export function pictureFileProblem(file: File): string | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return t.wrongType;
  if (file.size > PICTURE_PICK_MAX_BYTES) return t.tooLarge(PICTURE_PICK_MAX_MEGABYTES);
  return null;
}

/** A square of the picture, in the picture's own pixels (react-easy-crop's croppedAreaPixels). */
export type PixelArea = { x: number; y: number; width: number; height: number };

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The picture could not be read"));
    image.src = url;
  });
}

/**
 * Draws the cropped square on a canvas at most PROFILE_IMAGE_MAX_WIDTH wide and exports it as a
 * JPEG file, the only format the upload needs to handle.
 */
export async function cropPictureToJpeg({ imageURL, area }: { imageURL: string; area: PixelArea }): Promise<File> {
  const image = await loadImage(imageURL);
  const size = Math.max(1, Math.min(Math.round(area.width), PROFILE_IMAGE_MAX_WIDTH));
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("Canvas 2D is not available");
  // JPEG has no transparency: transparent PNG or WebP pixels would turn black without a background.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, size, size);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
  if (!blob) throw new Error("The cropped picture could not be encoded");
  return new File([blob], "profile-picture.jpg", { type: "image/jpeg" });
}

/** The server refuses larger uploads; an 800 px JPEG is far below this, but a noisy photo could get close. */
export function isCroppedPictureTooLarge(file: File): boolean {
  return file.size > PROFILE_IMAGE_MAX_BYTES;
}
