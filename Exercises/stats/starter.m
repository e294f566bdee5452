#import <UIKit/UIKit.h>

// The layout in code: visual format lines as written, and each other constraint on its own.
@interface StatsViewController : UIViewController
@end

@implementation StatsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    UILabel *colorful = [[UILabel alloc] init];
    colorful.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:colorful];
    UILabel *outlined = [[UILabel alloc] init];
    outlined.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:outlined];
    NSDictionary *views = NSDictionaryOfVariableBindings(colorful, outlined);
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:[colorful]-|" options:0 metrics:nil views:views]];
}

@end
