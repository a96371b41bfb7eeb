fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let m = strata::tir::compile_script(&text).unwrap();
    // SAFETY-free: the engine keeps the CLIF text when STRATA_KEEP_CLIF is set.
    let e = strata::engine::Engine::new(strata::engine::Options { threads: 1, ..Default::default() }).unwrap();
    let c = e.compile(&m).unwrap();
    for s in c.clif() {
        println!("{s}");
    }
}
