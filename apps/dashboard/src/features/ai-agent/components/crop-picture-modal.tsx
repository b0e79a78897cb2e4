import { Alert, Box, Button, Group, Modal, Slider, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useId, useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { texts } from "../../../lib/texts";
import { cropPictureToJpeg, isCroppedPictureTooLarge } from "../profile-picture";
import classes from "./crop-picture-modal.module.css";

const t = texts.aiAgent.persona.picture;
const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

type CropPictureModalProps = {
  /** Object URL of the picked picture; the modal is open while it is set. */
  imageURL: string | null;
  onCancel: () => void;
  onCropped: (picture: File) => void;
};

/** Crops a picked picture to a square; the result is the JPEG that gets uploaded. */
export function CropPictureModal({ imageURL, onCancel, onCropped }: CropPictureModalProps) {
  return (
    <Modal opened={imageURL !== null} onClose={onCancel} title={t.cropTitle} centered size="lg">
      {imageURL ? (
        <PictureCropper key={imageURL} imageURL={imageURL} onCancel={onCancel} onCropped={onCropped} />
      ) : null}
    </Modal>
  );
}

function PictureCropper({
  imageURL,
  onCancel,
  onCropped,
}: { imageURL: string } & Omit<CropPictureModalProps, "imageURL">) {
  const zoomLabelID = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [isCropping, setCropping] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    if (!area || isCropping) return;
    setCropping(true);
    setProblem(null);
    try {
      const picture = await cropPictureToJpeg({ imageURL, area });
      if (isCroppedPictureTooLarge(picture)) {
        setProblem(t.croppedTooLarge);
        return;
      }
      onCropped(picture);
    } catch (error) {
      console.error("Cropping the picture failed", error);
      setProblem(t.cropFailed);
    } finally {
      setCropping(false);
    }
  };

  return (
    <Stack>
      {problem ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {problem}
        </Alert>
      ) : null}
      <Box pos="relative" h={{ base: 260, sm: 340 }} bg="dark.6" style={{ borderRadius: "var(--mantine-radius-md)" }}>
        <Cropper
          image={imageURL}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={1}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_percentages, pixels) => setArea(pixels)}
          classes={{ cropAreaClassName: classes.cropArea }}
          cropperProps={{ role: "group", "aria-label": t.cropArea }}
        />
      </Box>
      <div>
        <Text id={zoomLabelID} size="sm" fw={500} mb={4}>
          {t.zoom}
        </Text>
        <Slider
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={setZoom}
          label={(value) => `${value.toFixed(1)}×`}
          thumbProps={{ "aria-labelledby": zoomLabelID }}
        />
      </div>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onCancel}>
          {texts.common.cancel}
        </Button>
        <Button onClick={() => void confirm()} loading={isCropping} disabled={!area}>
          {t.usePicture}
        </Button>
      </Group>
    </Stack>
  );
}
