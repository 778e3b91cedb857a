// Public surface of the images plugin.
export { imagesPlugin, IMAGES_PLUGIN_NAME, type ImagesService } from "./plugin.js";
export { resizeImage, dimensionNote, MAX_DIMENSION, MAX_BASE64_BYTES, INLINE_LIMITS, type ResizeLimits, type ResizedImage } from "./resize.js";
export { encodePng } from "./photon.js";
export { BLOCKED_NOTICE } from "./block.js";
