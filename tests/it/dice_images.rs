//! The dice's pictures (`assets/dice/*.svg`, rendered by `render::emoji`): every source is
//! listed, renders to a 128×128 PNG within Discord's 256 KiB, and has a valid, versioned emoji
//! name; a changed design must come with a new [`DICE_VERSION`], or bots would keep showing the
//! old pictures (a start uploads only the names it misses).

use std::collections::BTreeSet;

use forgetit::render::emoji::{self, DICE_VERSION, MAX_BYTES, SIZE};

/// The pictures of the bot's games.
fn sources() -> Vec<(&'static str, &'static str)> {
    forgetit::discord::built_in().dice()
}

#[test]
fn every_svg_renders_to_a_128_px_png_within_discords_limit() {
    for (file, svg) in sources() {
        let png = emoji::render_png(svg).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(png.len() <= MAX_BYTES, "{file}: {} bytes", png.len());
        let decoder = png::Decoder::new(std::io::Cursor::new(png.as_slice()));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().expect("a frame fits in memory")];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((info.width, info.height), (SIZE, SIZE), "{file}");
        // Not blank: some pixels are opaque, and they are not all one colour.
        let opaque: BTreeSet<&[u8]> = pixels
            .chunks(4)
            .filter(|p| p.len() == 4 && p[3] == 255)
            .collect();
        assert!(opaque.len() > 2, "{file} is blank");
    }
    assert_eq!(emoji::images(&sources()).len(), sources().len());
}

#[test]
fn every_svg_in_the_folder_is_a_source_and_needs_no_font() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/dice");
    let on_disk: BTreeSet<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".svg").map(str::to_owned)
        })
        .collect();
    let listed: BTreeSet<String> = sources().iter().map(|(f, _)| f.to_string()).collect();
    assert_eq!(on_disk, listed);
    for (file, svg) in sources() {
        assert!(
            !svg.contains("<text"),
            "{file}: text needs a font; draw it as paths"
        );
        assert!(!svg.contains("<image"), "{file}: no external images");
    }
}

/// FNV-1a, stable across Rust versions (unlike `DefaultHasher`).
fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn a_changed_design_has_a_new_version() {
    let sources = sources();
    let bytes = sources
        .iter()
        .flat_map(|(file, svg)| file.bytes().chain(svg.bytes()));
    let hash = fnv(bytes);
    // When this fails: bump DICE_VERSION in src/render/emoji.rs, then pin the new hash here.
    assert_eq!(
        (DICE_VERSION, format!("{hash:016x}")),
        (1, "6b5562526d4909cf".to_string()),
        "the dice's pictures changed: bump DICE_VERSION and pin the new hash"
    );
}

/// `DICE_PNGS=DIR cargo test --test it dice_images::write_the_pngs` writes every picture to DIR
/// (to look at them, or for the docs).
#[test]
fn write_the_pngs() {
    let Ok(dir) = std::env::var("DICE_PNGS") else {
        return;
    };
    std::fs::create_dir_all(&dir).unwrap();
    for image in emoji::images(&sources()) {
        std::fs::write(format!("{dir}/{}.png", image.name), &image.png).unwrap();
    }
}
