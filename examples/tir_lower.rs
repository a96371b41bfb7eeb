fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        match strata::tir::parse_script_named(&path, &text) {
            Ok(m) => match strata::tir::lower::lower_module(&m) {
                Ok(core) => {
                    println!("{}", strata::print(&core));
                    if let Err(e) = strata::verify(&core) {
                        println!("VERIFY: {e}");
                    }
                }
                Err(e) => println!("LOWER: {e}"),
            },
            Err(e) => println!("PARSE: {e}"),
        }
    }
}
